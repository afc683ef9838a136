// Bad input on the operations of the `articles` group of OpenAPI tags (the blog and the tutorials:
// admin writes, public reads, preview mode; see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('articles');
