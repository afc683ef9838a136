// Bad input on the operations of the `billing` group of OpenAPI tags (see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('billing');
