import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  answerBody,
  answeringView,
  createInterviewBody,
  editQuestionBody,
  guestBody,
  interviewList,
  interviewListQuery,
  interviewView,
  linkBody,
  linkList,
  linkView,
  pageQuery,
  peopleBody,
  questionBody,
  reorderQuestionsBody,
  responseList,
  saveBody,
  savedAnswerList,
  updateInterviewBody,
  type AnswerBody,
} from '../../../contracts/interviews/api.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { uploadView } from '../../../contracts/uploads.ts';
import { idParam } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { fold } from '../../events/decider.ts';
import type { Executor } from '../../events/types.ts';
import { withUploadedFile } from '../../http/multipart.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { viewerOf } from '../posts/permissions.ts';
import { storeReceived, type VideoHandOver } from '../uploads/intake.ts';
import { detectMedia } from '../uploads/media.ts';
import { discard, UploadStorage } from '../uploads/storage.ts';
import type { VideoIntake } from '../video/index.ts';
import {
  interviewDecider,
  interviewStream,
  responseDecider,
  responseStream,
  type AnswerGiven,
  type Interview,
  type InterviewCommand,
  type Respondent,
  type RespondentKey,
  type ResponseCommand,
} from './commands.ts';
import { insertLink, liveLink, listLinks, newLinkToken, revokeLink, type LinkRateLimit, type LiveLink } from './links.ts';
import { clock } from './clock.ts';
import { lockInterview } from './locks.ts';
import { Answering, mayAnswerAsMember, type RespondRequest } from './answering.ts';
import { mayManage, mayReadAnswers, mayView, type Person } from './permissions.ts';
import { accessFor, answeringView as answeringOf, findAnswerVideo, findResponseId, interviewView as viewOf, listInterviews, listResponses, listSavedAnswers } from './queries.ts';

export type InterviewRouteOptions = {
  /** Where people reach the app: answer links start with it. */
  publicUrl: string;
  linkRateLimit: LinkRateLimit;
  /** Where a guest's recorded answer is kept, and the pipeline that transcodes it. */
  uploads: { dir: string; maxVideoBytes: number };
  video: VideoIntake;
};

const interviewParams = z.object({ id: idParam });
const questionParams = interviewParams.extend({ questionId: idParam });
const linkParams = interviewParams.extend({ linkId: idParam });
const savedParams = interviewParams.extend({ responseId: idParam, questionId: idParam });
// Any text: a hash under any type is looked up, and whatever is not a live link is a 404.
const hashParams = z.object({ type: z.string().max(20), hash: z.string().min(1).max(200) });
const hashQuestionParams = hashParams.extend({ questionId: idParam });
const SECRET = { secretParams: ['hash'] } as const;

const NO_SUCH_INTERVIEW = 'No such interview.';

/** Async interviews: creating and asking, answering as a member or by link, reading the answers. */
export function interviewRoutes(core: Core, options: InterviewRouteOptions): FastifyPluginAsyncZod {
  const { db } = core.database;
  const context = (request: FastifyRequest) => {
    const user = requireUser(request);
    const person: Person = { id: user.id, roles: user.roles, accountId: user.accountId };
    return { person, userType: viewerOf(user).userType, metadata: eventMetadata(request, actorOf(user)) };
  };

  const loadInterview = async (executor: Executor, interviewId: number): Promise<Interview | null> => {
    const state = fold(interviewDecider, (await core.store.readStream(executor, interviewStream(interviewId))) as never[]);
    return state.exists ? state : null;
  };
  const viewFor = async (person: Person, interviewId: number) => {
    const view = await viewOf(db, person, interviewId, clock.now());
    if (!view) throw new NotFound(NO_SUCH_INTERVIEW);
    return view;
  };
  /** The interview if this person may see it at all; otherwise it does not exist for them. */
  const visible = async (person: Person, interviewId: number) => {
    const access = await accessFor(db, interviewId, person.id);
    if (!access || !mayView(person, access)) throw new NotFound(NO_SUCH_INTERVIEW);
    return access;
  };

  /** Runs a command on the interview's stream (its creator's work) and answers with the interview as it is now. */
  const manage = async (request: FastifyRequest, interviewId: number, command: (person: Person, now: Date) => InterviewCommand) => {
    const { person, metadata } = context(request);
    await visible(person, interviewId);
    await core.commands.transaction(async (unit) => {
      await lockInterview(unit.trx, interviewId, true);
      await unit.run(interviewDecider, interviewStream(interviewId), command(person, clock.now()), metadata);
    });
    return viewFor(person, interviewId);
  };

  /** Runs a command on one answerer's response (group commit: answering.ts) and answers with what they see now. */
  const answering = new Answering(core);
  const respond = (interviewId: number, key: RespondentKey, metadata: EventMetadata, command: RespondRequest['command']) => answering.respond({ interviewId, key, metadata, command });

  const answerGiven = async (body: AnswerBody, owner: { userId: number } | { linkId: number }): Promise<AnswerGiven> => {
    if (body.text !== undefined) return { text: body.text };
    const video = await findAnswerVideo(db, body.video!, owner);
    if (!video) throw new ValidationFailed([`Video ${body.video} was not found`]);
    return { video };
  };

  /**
   * A member answering. That the interview is published and not their own is checked where
   * the command is decided (answering.ts), on the interview as the batch reads it: no read of
   * its own per answer.
   */
  const asMember = (request: FastifyRequest) => {
    const { person, metadata } = context(request);
    const respondent: Respondent = { kind: 'member', userId: person.id };
    return { person, metadata, key: respondent as RespondentKey, respondent };
  };

  /** A guest answering by link: the link must be live; its interview is then the only thing they reach. */
  const byLink = async (request: FastifyRequest, params: { type: string; hash: string }) => {
    await options.linkRateLimit.take(request.ip);
    const link = await liveLink(db, params.type, params.hash);
    const key: RespondentKey = { kind: 'guest', linkId: link.id };
    return { link, key, metadata: eventMetadata(request, null) };
  };
  const guestRespondent = async (link: LiveLink): Promise<Respondent> => {
    const row = await db.selectFrom('interview_responses').select(['guest_name', 'guest_email', 'guest_organisation']).where('link_id', '=', link.id).executeTakeFirst();
    return { kind: 'guest', linkId: link.id, name: row?.guest_name ?? '', email: row?.guest_email ?? '', organisation: row?.guest_organisation ?? '' };
  };
  const answeringAt = async (interviewId: number, responseId: number | null) => {
    const view = await answeringOf(db, interviewId, responseId, clock.now());
    if (!view) throw new NotFound(NO_SUCH_INTERVIEW);
    return view;
  };

  return async (app) => {
    const storage = new UploadStorage(options.uploads.dir);
    await storage.prepare();
    // Only the guest's upload route reads multipart bodies: the stream stops at the video limit.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: options.uploads.maxVideoBytes, files: 1 } });

    app.post('/api/v1/interviews', { schema: { body: createInterviewBody, response: { 201: interviewView } } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const { questions, ...details } = request.body;
      const interviewId = await core.commands.transaction(async (unit) => {
        const { rows } = await sql<{ id: number; question_ids: number[] }>`
          select nextval('interview_ids')::int as id,
                 array(select nextval('interview_question_ids')::int from generate_series(1, ${questions.length})) as question_ids`.execute(unit.trx);
        const { id, question_ids: questionIds } = rows[0]!;
        const command: InterviewCommand = { type: 'create', interviewId: id, details, questions: questions.map((body, i) => ({ questionId: questionIds[i]!, body })), by: person, now: clock.now() };
        await unit.run(interviewDecider, interviewStream(id), command, metadata);
        return id;
      });
      return created(reply, interviewId).send(await viewFor(person, interviewId));
    });

    app.get('/api/v1/interviews', { schema: { querystring: interviewListQuery, response: { 200: interviewList } } }, async (request) => {
      const { person, userType } = context(request);
      const { list, offset, limit } = request.query;
      return listInterviews(db, { ...person, userType }, list, { offset, limit }, clock.now());
    });

    app.get('/api/v1/interviews/saved', { schema: { querystring: pageQuery, response: { 200: savedAnswerList } } }, async (request) => {
      const { person } = context(request);
      return listSavedAnswers(db, person.id, request.query);
    });

    app.get('/api/v1/interviews/:id', { schema: { params: interviewParams, response: { 200: interviewView } } }, async (request) => {
      const { person } = context(request);
      await visible(person, request.params.id);
      return viewFor(person, request.params.id);
    });

    app.patch('/api/v1/interviews/:id', { schema: { params: interviewParams, body: updateInterviewBody, response: { 200: interviewView } } }, (request) =>
      manage(request, request.params.id, (by, now) => ({ type: 'update', changes: request.body, by, now })),
    );

    app.post('/api/v1/interviews/:id/questions', { schema: { params: interviewParams, body: questionBody, response: { 201: interviewView } } }, async (request, reply) => {
      const { rows } = await sql<{ id: number }>`select nextval('interview_question_ids')::int as id`.execute(db);
      const questionId = rows[0]!.id;
      const view = await manage(request, request.params.id, (by) => ({ type: 'addQuestion', questionId, body: request.body, by }));
      return created(reply, questionId).send(view);
    });

    app.patch('/api/v1/interviews/:id/questions/:questionId', { schema: { params: questionParams, body: editQuestionBody, response: { 200: interviewView } } }, (request) =>
      manage(request, request.params.id, (by) => ({ type: 'editQuestion', questionId: request.params.questionId, changes: request.body, by })),
    );

    app.delete('/api/v1/interviews/:id/questions/:questionId', { schema: { params: questionParams, response: { 200: interviewView } } }, (request) =>
      manage(request, request.params.id, (by) => ({ type: 'removeQuestion', questionId: request.params.questionId, by })),
    );

    app.put('/api/v1/interviews/:id/questions', { schema: { params: interviewParams, body: reorderQuestionsBody, response: { 200: interviewView } } }, (request) =>
      manage(request, request.params.id, (by) => ({ type: 'reorderQuestions', questionIds: request.body.questionIds, by })),
    );

    app.post('/api/v1/interviews/:id/publish', { schema: { params: interviewParams, response: { 200: interviewView } } }, (request) =>
      manage(request, request.params.id, (by, now) => ({ type: 'publish', by, now })),
    );

    app.post('/api/v1/interviews/:id/close', { schema: { params: interviewParams, response: { 200: interviewView } } }, (request) =>
      manage(request, request.params.id, (by) => ({ type: 'close', by })),
    );

    app.post('/api/v1/interviews/:id/invitations', { schema: { params: interviewParams, body: peopleBody, response: { 200: interviewView } } }, async (request) => {
      const people = await peopleOf(db, request.body.userIds);
      return manage(request, request.params.id, (by) => ({ type: 'invite', userIds: people.map((p) => p.id), by }));
    });

    app.post('/api/v1/interviews/:id/shares', { schema: { params: interviewParams, body: peopleBody, response: { 200: interviewView } } }, async (request) => {
      const colleagues = await peopleOf(db, request.body.userIds);
      return manage(request, request.params.id, (by) => ({ type: 'share', colleagues, by }));
    });

    app.get('/api/v1/interviews/:id/links', { schema: { params: interviewParams, response: { 200: linkList } } }, async (request) => {
      const { person } = context(request);
      const access = await visible(person, request.params.id);
      if (!mayManage(person, access)) throw new Forbidden();
      return { data: await listLinks(db, request.params.id, options.publicUrl) };
    });

    app.post('/api/v1/interviews/:id/links', { schema: { params: interviewParams, body: linkBody, response: { 201: linkView } } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const interviewId = request.params.id;
      await visible(person, interviewId);
      const token = newLinkToken();
      const linkId = await core.commands.transaction(async (unit) => {
        const { rows } = await sql<{ id: number }>`select nextval('interview_link_ids')::int as id`.execute(unit.trx);
        const id = rows[0]!.id;
        await unit.run(interviewDecider, interviewStream(interviewId), { type: 'createLink', linkId: id, linkType: request.body.type, by: person }, metadata);
        await insertLink(unit.trx, { id, interviewId, type: request.body.type, token, label: request.body.label });
        return id;
      });
      const link = (await listLinks(db, interviewId, options.publicUrl)).find((candidate) => candidate.id === linkId)!;
      return created(reply, linkId).send(link);
    });

    app.delete('/api/v1/interviews/:id/links/:linkId', { schema: { params: linkParams } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const { id: interviewId, linkId } = request.params;
      await visible(person, interviewId);
      await core.commands.transaction(async (unit) => {
        await unit.run(interviewDecider, interviewStream(interviewId), { type: 'revokeLink', linkId, by: person }, metadata);
        await revokeLink(unit.trx, interviewId, linkId);
      });
      return reply.status(204).send();
    });

    app.get('/api/v1/interviews/:id/responses', { schema: { params: interviewParams, response: { 200: responseList } } }, async (request) => {
      const { person } = context(request);
      const access = await visible(person, request.params.id);
      if (!mayReadAnswers(person, access)) throw new Forbidden('Only the interviewer and the colleagues it was shared with read the answers.');
      return { data: await listResponses(db, request.params.id, person.id) };
    });

    app.post('/api/v1/interviews/:id/responses/:responseId/answers/:questionId/save', { schema: { params: savedParams, body: saveBody, response: { 200: responseList } } }, async (request) => {
      const { person, metadata } = context(request);
      const { id: interviewId, responseId, questionId } = request.params;
      await visible(person, interviewId);
      const answer = await db.selectFrom('interview_answers').select('video_id').where('interview_id', '=', interviewId).where('response_id', '=', responseId).where('question_id', '=', questionId).executeTakeFirst();
      if (!answer) throw new NotFound('No such answer.');
      await core.commands.run(interviewDecider, interviewStream(interviewId), { type: request.body.status ? 'save' : 'unsave', responseId, questionId, by: person }, metadata);
      return { data: await listResponses(db, interviewId, person.id) };
    });

    // Answering as a member of the platform (invited, from the wire, or from a callout).

    app.get('/api/v1/interviews/:id/answering', { schema: { params: interviewParams, response: { 200: answeringView } } }, async (request) => {
      const { person } = context(request);
      mayAnswerAsMember(await visible(person, request.params.id), person.id);
      return answeringAt(request.params.id, await findResponseId(db, request.params.id, { userId: person.id }));
    });

    app.put('/api/v1/interviews/:id/answers/:questionId', { schema: { params: questionParams, body: answerBody, response: { 200: answeringView } } }, async (request) => {
      const { id: interviewId, questionId } = request.params;
      const { person, metadata, key, respondent } = asMember(request);
      const answer = await answerGiven(request.body, { userId: person.id });
      return respond(interviewId, key, metadata, (interview, responseId, now) => ({ type: 'answer', interview, now, responseId, respondent, questionId, answer }));
    });

    for (const act of ['skip', 'withdraw'] as const) {
      const register = act === 'skip' ? app.post.bind(app) : app.delete.bind(app);
      register(`/api/v1/interviews/:id/answers/:questionId${act === 'skip' ? '/skip' : ''}`, { schema: { params: questionParams, response: { 200: answeringView } } }, async (request: FastifyRequest) => {
        const { id: interviewId, questionId } = request.params as z.output<typeof questionParams>;
        const { metadata, key, respondent } = asMember(request);
        return respond(interviewId, key, metadata, (interview, responseId, now) => ({ type: act, interview, now, responseId, respondent, questionId }));
      });
    }

    app.post('/api/v1/interviews/:id/send', { schema: { params: interviewParams, response: { 200: answeringView } } }, async (request) => {
      const interviewId = request.params.id;
      const { metadata, key } = asMember(request);
      return respond(interviewId, key, metadata, (interview, _, now) => ({ type: 'send', interview, now }));
    });

    // Answering by link, as a guest: `async/answer/{type}/{hash}` in the app (spec section 2).

    app.get('/api/v1/async/answer/:type/:hash', { schema: { params: hashParams, response: { 200: answeringView } }, config: SECRET }, async (request) => {
      const { link } = await byLink(request, request.params);
      return answeringAt(link.interviewId, await findResponseId(db, link.interviewId, { linkId: link.id }));
    });

    app.post('/api/v1/async/answer/:type/:hash/start', { schema: { params: hashParams, body: guestBody, response: { 200: answeringView } }, config: SECRET }, async (request) => {
      const { link, key, metadata } = await byLink(request, request.params);
      const respondent: Respondent = { kind: 'guest', linkId: link.id, ...request.body };
      return respond(link.interviewId, key, metadata, (interview, responseId, now) => ({ type: 'start', interview, now, responseId, respondent }));
    });

    app.put('/api/v1/async/answer/:type/:hash/answers/:questionId', { schema: { params: hashQuestionParams, body: answerBody, response: { 200: answeringView } }, config: SECRET }, async (request) => {
      const { link, key, metadata } = await byLink(request, request.params);
      const answer = await answerGiven(request.body, { linkId: link.id });
      const respondent = await guestRespondent(link);
      const { questionId } = request.params;
      return respond(link.interviewId, key, metadata, (interview, responseId, now) => ({ type: 'answer', interview, now, responseId, respondent, questionId, answer }));
    });

    for (const act of ['skip', 'withdraw'] as const) {
      const register = act === 'skip' ? app.post.bind(app) : app.delete.bind(app);
      register(
        `/api/v1/async/answer/:type/:hash/answers/:questionId${act === 'skip' ? '/skip' : ''}`,
        { schema: { params: hashQuestionParams, response: { 200: answeringView } }, config: SECRET },
        async (request: FastifyRequest) => {
          const params = request.params as z.output<typeof hashQuestionParams>;
          const { link, key, metadata } = await byLink(request, params);
          const respondent = await guestRespondent(link);
          return respond(link.interviewId, key, metadata, (interview, responseId, now) => ({ type: act, interview, now, responseId, respondent, questionId: params.questionId }));
        },
      );
    }

    app.post('/api/v1/async/answer/:type/:hash/send', { schema: { params: hashParams, response: { 200: answeringView } }, config: SECRET }, async (request) => {
      const { link, key, metadata } = await byLink(request, request.params);
      return respond(link.interviewId, key, metadata, (interview, _, now) => ({ type: 'send', interview, now }));
    });

    // A guest has no account to own a recording: it is the interviewer's file (their material,
    // transcoded like any video), tied to the link it came through in the same transaction.
    app.post('/api/v1/async/answer/:type/:hash/uploads', { schema: { params: hashParams, response: { 201: uploadView } }, config: SECRET }, async (request, reply) => {
      const { link, metadata } = await byLink(request, request.params);
      const interview = await loadInterview(db, link.interviewId);
      if (!interview) throw new NotFound(NO_SUCH_INTERVIEW);
      const upload = await withUploadedFile(request, async (part) => {
        if (part?.fieldname !== 'file') throw new ValidationFailed(['Choose a file to upload']);
        const received = await storage.receive(part.file);
        try {
          if ((await detectMedia(received.file))?.kind !== 'video') throw new ValidationFailed(['Answer with a video']);
          const video: VideoHandOver = {
            check: (file) => options.video.check(file),
            accept: (ownerId, acceptMetadata, insert) =>
              options.video.accept(ownerId, acceptMetadata, async (trx) => {
                const row = await insert(trx);
                await trx.insertInto('interview_link_uploads').values({ upload_id: row.id, link_id: link.id }).execute();
                return row;
              }),
            metadata,
          };
          const limits = { maxImageBytes: 0, maxVideoBytes: options.uploads.maxVideoBytes };
          return await storeReceived(db, storage, limits, interview.creatorId, { ...received, cutShort: part.file.truncated, name: part.filename }, video);
        } finally {
          await discard(received.file);
        }
      });
      return created(reply, upload.id).send(upload);
    });
  };
}

/** People by id, each of whom must exist. */
async function peopleOf(db: Kysely<Database>, userIds: readonly number[]): Promise<{ id: number; accountId: number | null }[]> {
  const rows = await db.selectFrom('users').select(['id', 'account_id']).where('id', 'in', [...new Set(userIds)]).execute();
  const found = new Set(rows.map((row) => Number(row.id)));
  const missing = [...new Set(userIds)].filter((id) => !found.has(id));
  if (missing.length > 0) throw new ValidationFailed(missing.map((id) => `Person ${id} does not exist`));
  return rows.map((row) => ({ id: Number(row.id), accountId: row.account_id === null ? null : Number(row.account_id) }));
}
