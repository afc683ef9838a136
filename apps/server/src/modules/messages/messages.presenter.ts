// Response schemas of messages and conversations (shared with the web's types).
export { conversationResponse, messagePageResponse, messageResponse } from '@closia/shared';
