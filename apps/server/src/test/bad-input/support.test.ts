// Bad input on the operations of the `support` group of OpenAPI tags (the FAQ, the tickets and
// the support inbox; see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('support');
