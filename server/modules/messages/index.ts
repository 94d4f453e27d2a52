// What other modules may use of messages.
export { conversationRoom, mayJoinConversationRoom, messagingMessagesFor, type MessagingMessage } from './live.ts';
export { messagesProjection } from './projection.ts';
export { DEFAULT_SEND_LIMIT, MessageSendLimit, SEND_TEST_LIMIT } from './rate-limit.ts';
export { messageRoutes } from './routes.ts';
export { directMessageLines, unreadTotals, type MessageLine } from './queries.ts';
