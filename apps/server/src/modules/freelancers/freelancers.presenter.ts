// The response schema of a search (shared with the web's type).
export { freelancerSearchResponse } from '@closia/shared';
