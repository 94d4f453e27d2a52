import { sql } from 'kysely';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { AnsweringView } from '../../../contracts/interviews/api.ts';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { Core } from '../../core.ts';
import { Batcher, type Outcome } from '../../db/batcher.ts';
import { Conflict, DomainError, Forbidden, NotFound } from '../../errors.ts';
import { lostARace } from '../../events/append-statement.ts';
import { lockLogForAppend } from '../../events/horizon.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { Decider } from '../../events/decider.ts';
import type { AnyEvent, StoredEvent, StreamAppend } from '../../events/types.ts';
import { clock } from './clock.ts';
import { handOver } from './handed-views.ts';
import { interviewDecider, interviewStream, responseDecider, responseStream, type Interview, type InterviewState, type RespondentKey, type ResponseCommand, type ResponseState } from './commands.ts';
import { lockInterviewsForAnswers } from './locks.ts';
import { answeringViews, sentResponsesCount } from './queries.ts';

const NO_SUCH_INTERVIEW = 'No such interview.';
const NOT_YOUR_OWN = 'You cannot answer your own interview.';

/** One answerer's command on their response; the response id is for a response it starts. */
export type RespondRequest = {
  interviewId: number;
  key: RespondentKey;
  metadata: EventMetadata;
  command: (interview: Interview, responseId: number, now: Date) => ResponseCommand;
};

type Stream<State> = { streamId: string; decider: Decider<State, never, InterviewEvent>; state: State; version: number; appends: StreamAppend<InterviewEvent>[] };
type Rules = { interview: Stream<InterviewState>; quota: number | null; sentCount: number };

/**
 * Answering through group commit: the answers that arrive while a transaction is in flight go
 * in the next one together, in a fixed handful of statements (the interviews' locks, one read
 * of every stream, the ids, one append, the projection's set-based pass, the views). A
 * response's commands are never in two transactions at once and are decided in order, each
 * on the state the one before left; a refused one fails alone. An interview that closes
 * itself after N answers is locked alone, and the send that fills it closes it within the
 * batch, so a later send of the same batch is refused as one after the close would be. Who
 * may answer is decided here too, on the interview the batch read under its lock.
 */
export class Answering {
  private readonly batcher: Batcher<RespondRequest, AnsweringView>;

  constructor(private readonly core: Core) {
    this.batcher = new Batcher<RespondRequest, AnsweringView>((requests) => this.flush(requests), {
      key: (request) => responseStream(request.interviewId, request.key),
      joins: () => true,
      weight: () => 1,
      maxWeight: 500,
      // One at a time: the answers that come meanwhile make the next batch twice as large, and
      // each costs less of both processes than with two batches side by side (decisions.md).
      flushesInFlight: 1,
      attempts: 5,
      // Another process wrote one of the streams first: the batch wrote nothing and runs again.
      retryable: (error) => lostARace(error) || error instanceof Conflict,
      exhausted: () => new Conflict(),
    });
  }

  /** Runs the command and answers with what the answerer sees now. */
  respond(request: RespondRequest): Promise<AnsweringView> {
    return this.batcher.submit(request);
  }

  private async flush(requests: RespondRequest[]): Promise<Outcome<AnsweringView>[]> {
    const { outcomes, lastEvents, responseViews } = await this.core.commands.transaction(
      async (unit) => {
        const rules = await this.lockAndLoad(unit, requests);
        const responses = rules.responses;
        const now = clock.now();
        const decided: ({ interviewId: number; responseId: number | null } | { error: unknown })[] = requests.map((request) => {
          const { interview } = rules.byInterview.get(request.interviewId)!;
          const response = responses.get(responseStream(request.interviewId, request.key))!;
          try {
            if (!interview.state.exists) throw new NotFound(NO_SUCH_INTERVIEW);
            if (request.key.kind === 'member') mayAnswerAsMember(interview.state, request.key.userId);
            const events = responseDecider.decide(request.command(interview.state, response.newId, now), response.state);
            const firstSend = events.some((event) => event.type === 'ResponseSent') && !(response.state.started && response.state.sent);
            advance(response, responseDecider, events, request.metadata);
            if (firstSend) this.closeIfAnswered(rules.byInterview.get(request.interviewId)!, request.metadata);
            return { interviewId: request.interviewId, responseId: response.state.started ? response.state.responseId : null };
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            return { error };
          }
        });
        const streams = [...[...rules.byInterview.values()].map((rule) => rule.interview), ...responses.values()];
        const appended = (await unit.appendStreams(streams.flatMap((stream) => stream.appends))).flat();
        for (const stream of streams) unit.remember(stream.decider as Decider<unknown, never, InterviewEvent>, stream.streamId, stream.state, stream.version);
        const answered = decided.flatMap((outcome) => ('error' in outcome ? [] : [outcome]));
        const views = await answeringViews(unit.trx, answered, now);
        let next = 0;
        const outcomes = decided.map((outcome): Outcome<AnsweringView> => {
          if ('error' in outcome) return outcome;
          const view = views[next++];
          return view ? { ok: view } : { error: new NotFound(NO_SUCH_INTERVIEW) };
        });
        return { outcomes, lastEvents: lastResponseEvents(appended), responseViews: views.flatMap((view) => (view?.response ? [view.response] : [])) };
      },
      { retryConflicts: false, appendFirst: true },
    );
    // Committed: the interviewer's push can take these responses as the answerers got them.
    handOver(lastEvents, responseViews);
    return outcomes;
  }

  /** Locks the batch's interviews and reads them, with every response stream of the batch, in one read. */
  private async lockAndLoad(unit: UnitOfWork<AnyEvent>, requests: readonly RespondRequest[]) {
    const { trx } = unit;
    const interviewIds = [...new Set(requests.map((request) => request.interviewId))];
    const quotas = await lockInterviewsForAnswers(trx, interviewIds);
    const responseIds = [...new Set(requests.map((request) => responseStream(request.interviewId, request.key)))];
    const read = await unit.load([
      ...interviewIds.map((interviewId) => ({ streamId: interviewStream(interviewId), decider: interviewDecider as Decider<unknown, never, InterviewEvent> })),
      ...responseIds.map((streamId) => ({ streamId, decider: responseDecider as Decider<unknown, never, InterviewEvent> })),
    ]);
    const streamOf = <State>(streamId: string, decider: Decider<State, never, InterviewEvent>): Stream<State> => {
      const { state, version } = read.get(streamId)!;
      return { streamId, decider, state: state as State, version, appends: [] };
    };
    const byInterview = new Map<number, Rules>();
    for (const interviewId of interviewIds) {
      const quota = quotas.get(interviewId) ?? null;
      const interview = streamOf<InterviewState>(interviewStream(interviewId), interviewDecider);
      // A quota set since it was read to choose the lock: this batch holds the wrong one.
      if (interview.state.exists && interview.state.details.closeAfterAnswers !== quota) throw new Conflict();
      byInterview.set(interviewId, {
        interview,
        quota,
        sentCount: quota === null ? 0 : await sentResponsesCount(trx, interviewId),
      });
    }
    const unstarted = responseIds.filter((streamId) => read.get(streamId)!.version === 0);
    // A sequence may take a transaction id for itself: the log is locked first (horizon.ts).
    if (unstarted.length > 0) await lockLogForAppend(trx);
    const ids = unstarted.length === 0 ? [] : (await sql<{ id: number }>`select nextval('interview_response_ids')::int as id from generate_series(1, ${unstarted.length})`.execute(trx)).rows.map((row) => row.id);
    const newIds = new Map(unstarted.map((streamId, index) => [streamId, ids[index]!]));
    const responses = new Map(responseIds.map((streamId) => [streamId, { ...streamOf<ResponseState>(streamId, responseDecider), newId: newIds.get(streamId) ?? 0 }]));
    return { byInterview, responses };
  }

  /** The first send of a response counts toward the interview's quota; the one that fills it closes the interview. */
  private closeIfAnswered(rule: Rules, metadata: EventMetadata) {
    if (rule.quota === null) return;
    rule.sentCount += 1;
    const { interview } = rule;
    const closing = interviewDecider.decide({ type: 'closeIfAnswered', sentCount: rule.sentCount }, interview.state);
    advance(interview, interviewDecider, closing, metadata);
  }
}

/** A member answers a published interview that is not their own; a draft does not exist for them. */
export function mayAnswerAsMember(interview: Pick<Interview, 'published' | 'creatorId'>, userId: number) {
  if (!interview.published) throw new NotFound(NO_SUCH_INTERVIEW);
  if (interview.creatorId === userId) throw new Forbidden(NOT_YOUR_OWN);
}

/** Each response's last event among those appended. */
function lastResponseEvents(events: readonly StoredEvent[]): Map<number, StoredEvent> {
  const last = new Map<number, StoredEvent>();
  for (const event of events) {
    const { responseId } = event.data as { responseId?: number };
    if (typeof responseId === 'number') last.set(responseId, event);
  }
  return last;
}

type Evolving<State> = { evolve(state: State, event: InterviewEvent): State };

/** Records a decision on a stream of the batch: its events append after the ones before them. */
function advance<State>(stream: Stream<State>, decider: Evolving<State>, events: InterviewEvent[], metadata: EventMetadata) {
  if (events.length === 0) return;
  stream.appends.push({ streamId: stream.streamId, expected: stream.version, events, metadata });
  stream.version += events.length;
  stream.state = events.reduce(decider.evolve, stream.state);
}
