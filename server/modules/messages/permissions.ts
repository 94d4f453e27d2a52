import { MAX_PARTICIPANTS } from '../../../contracts/messages/api.ts';

/** Someone acting in messages, as their session knows them. */
export type Person = { id: number; roles: readonly string[]; isReadOnly: boolean };

/** A participant as the sending rules see them, from the sender's side. */
export type Peer = {
  userId: number;
  /** Messages they have sent in this conversation. */
  sentCount: number;
  /** A journalist who keeps cold pitches out (spec section 6: journalists and non-journalists; default on for journalists). */
  coldPitchProtected: boolean;
  /** They blocked the sender, or reported one of the sender's messages as spam. */
  blocksSender: boolean;
  /** The sender blocked them. */
  blockedBySender: boolean;
};

/** Where a sender stands in one conversation. */
export type SendGate = { isParticipant: boolean; isGroup: boolean; sentCount: number; peers: readonly Peer[] };

export const READ_ONLY = 'Read-only users cannot send messages';
export const BLOCKED_BY_THEM = 'This person does not take messages from you';
export const BLOCKED_BY_YOU = 'You have blocked this person. Unblock them to write again';
export const WAIT_FOR_ANSWER = 'You can write again once they answer your first message';

export const isJournalist = (roles: readonly string[]) => roles.includes('journo');
export const protectionByDefault = (roles: readonly string[]) => isJournalist(roles);

/**
 * Why the person may not send here now, or null. Blocks close direct conversations (a group
 * stays open to everyone in it: whoever blocked may leave it). A protected journalist who has
 * not answered yet takes one message from each person, and no second.
 */
export function sendRefusal(sender: Person, gate: SendGate): string | null {
  if (sender.isReadOnly) return READ_ONLY;
  if (!gate.isGroup) {
    if (gate.peers.some((peer) => peer.blocksSender)) return BLOCKED_BY_THEM;
    if (gate.peers.some((peer) => peer.blockedBySender)) return BLOCKED_BY_YOU;
  }
  const waiting = gate.peers.some((peer) => peer.coldPitchProtected && peer.sentCount === 0);
  if (waiting && gate.sentCount >= 1) return WAIT_FOR_ANSWER;
  return null;
}

/** Why these people may not be put together in a new conversation by the starter, or null. */
export function startRefusal(starter: Person, peers: readonly Pick<Peer, 'userId' | 'blocksSender' | 'blockedBySender'>[]): string | null {
  if (starter.isReadOnly) return READ_ONLY;
  if (peers.some((peer) => peer.blocksSender)) return BLOCKED_BY_THEM;
  if (peers.some((peer) => peer.blockedBySender)) return BLOCKED_BY_YOU;
  if (peers.length + 1 > MAX_PARTICIPANTS) return `A conversation holds at most ${MAX_PARTICIPANTS} people`;
  return null;
}
