// Bad input on the operations of the `teams` group of OpenAPI tags (see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('teams');
