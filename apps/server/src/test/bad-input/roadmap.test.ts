// Bad input on the operations of the `roadmap` group of OpenAPI tags (the public road map, its votes,
// suggestions and administration; see suite.ts and GROUPS in openapi.ts).
import { describeBadInput } from './suite';

describeBadInput('roadmap');
