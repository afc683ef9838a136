// Bad input on the operations of the `catalogue` group of OpenAPI tags (see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('catalogue');
