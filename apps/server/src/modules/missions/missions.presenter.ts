// Response schemas of missions and applications (shared with the web's types).
export { applicationResponse, missionResponse } from '@closia/shared';
