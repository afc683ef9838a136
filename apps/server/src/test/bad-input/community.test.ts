// Bad input on the operations of the `community` group of OpenAPI tags (webinars, the feed and its
// moderation; see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('community');
