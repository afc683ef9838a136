// The response schema of a freelancer card (shared with the web's type).
export { freelancerCardResponse } from '@closia/shared';
