import type { ConversationView } from '../../../../contracts/messages/index.ts';

/** What a conversation is called for this person: its title, or the others' names. */
export function conversationName(conversation: ConversationView, selfId: number): string {
  if (conversation.title) return conversation.title;
  const others = conversation.participants.filter((p) => p.id !== selfId && !p.hasLeft).map((p) => p.name);
  if (others.length === 0) return 'Only you';
  return others.length <= 3 ? others.join(', ') : `${others.slice(0, 3).join(', ')} and ${others.length - 3} more`;
}

/** The person a direct conversation is with. */
export function otherPerson(conversation: ConversationView, selfId: number) {
  return conversation.participants.find((p) => p.id !== selfId) ?? conversation.participants[0]!;
}
