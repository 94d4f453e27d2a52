import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { MessageEvent, MessageView } from '../../../contracts/messages/index.ts';
import type { Core } from '../../core.ts';
import { Batcher, type Outcome } from '../../db/batcher.ts';
import { Conflict, DomainError, NotFound } from '../../errors.ts';
import { lostARace } from '../../events/append-statement.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { messageDecider, messageStream, NO_CONVERSATION, sendCommand, type MessageBody } from './commands.ts';
import type { Person } from './permissions.ts';
import { lockForSending, sendGate, sentMessageView } from './queries.ts';

export type SendRequest = { person: Person; conversationId: number; body: MessageBody; metadata: EventMetadata };

/**
 * Sending through group commit: the messages that arrive while a transaction is in flight go
 * out in the next one, together, in a handful of statements whatever their number (the locks
 * and ids, the append, the projection, the views). A conversation's messages are never in two
 * transactions at once and keep their order, so each is decided on the standing the one
 * before it left (a cold pitch's second message is refused in the same batch as the first).
 * A refused message fails alone; the rest of its batch goes out.
 */
export class MessageSends {
  private readonly batcher: Batcher<SendRequest, MessageView>;

  constructor(private readonly core: Core) {
    this.batcher = new Batcher<SendRequest, MessageView>((requests) => this.flush(requests), {
      key: (request) => `conversation:${request.conversationId}`,
      joins: () => true,
      weight: () => 1,
      maxWeight: 500,
      // One at a time, as answers go: the messages that come meanwhile make the next batch
      // larger, and each carries a smaller share of its fixed statements (decisions.md).
      flushesInFlight: 1,
      attempts: 5,
      retryable: lostARace,
      exhausted: () => new Conflict(),
    });
  }

  send(request: SendRequest): Promise<MessageView> {
    return this.batcher.submit(request);
  }

  private flush(requests: SendRequest[]): Promise<Outcome<MessageView>[]> {
    return this.core.commands.transaction(
      async (unit) => {
        const { conversations, messageIds } = await lockForSending(unit.trx, [...new Set(requests.map((request) => request.conversationId))], requests.length);
        const senders = new Map([...conversations.values()].flatMap((conversation) => [...conversation.members.values()].map((member) => [member.userId, member.sender] as const)));
        const decided: ({ messageId: number } | { error: unknown })[] = [];
        const streams: { streamId: string; events: AnyEvent[]; metadata: EventMetadata }[] = [];
        requests.forEach(({ person, conversationId, body, metadata }, index) => {
          const messageId = messageIds[index]!;
          try {
            const conversation = conversations.get(conversationId);
            if (!conversation) throw new NotFound(NO_CONVERSATION);
            const events = messageDecider.decide(sendCommand(messageId, conversationId, person, sendGate(conversation, person.id), body), messageDecider.initialState);
            // The batch's next message in this conversation stands where this one leaves it.
            conversation.members.get(person.id)!.sentCount += 1;
            streams.push({ streamId: messageStream(messageId), events, metadata });
            decided.push({ messageId });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            decided.push({ error });
          }
        });
        const stored = await unit.startStreams(streams);
        // Each message as its event says, from the sender's facts the lock read: no read of the rows just written.
        const views = new Map(
          (stored.flat() as StoredEvent<MessageEvent>[]).flatMap((event) => (event.type === 'MessageSent' ? [[event.data.messageId, sentMessageView(event, senders.get(event.data.senderId)!)] as const] : [])),
        );
        return decided.map((outcome) => ('messageId' in outcome ? { ok: views.get(outcome.messageId)! } : outcome));
      },
      { retryConflicts: false },
    );
  }
}
