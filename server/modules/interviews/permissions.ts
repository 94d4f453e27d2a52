import type { AccountRole } from '../../../contracts/users/enums.ts';

/** Someone signed in, as interview rules see them. */
export type Person = { id: number; roles: readonly AccountRole[]; accountId: number | null };

/** The facts of an interview that decide who may do what with it. */
export type Access = { creatorId: number; accountId: number | null; published: boolean; sharedWith: ReadonlySet<number> | readonly number[]; invited: ReadonlySet<number> | readonly number[] };

const has = (people: ReadonlySet<number> | readonly number[], id: number) => ('has' in people ? people.has(id) : people.includes(id));

/** Journalists ask; PR people ask for their company; platform admins may do anything a journalist may. Experts answer. */
export function mayCreateInterview(person: Person): boolean {
  return person.roles.some((role) => role === 'journo' || role === 'pr' || role === 'admin');
}

/** Editing, publishing, closing, inviting, links and sharing: its creator alone. */
export const mayManage = (person: Person, interview: Access) => person.id === interview.creatorId;

/** Answers are read by the creator and the colleagues it was shared with, nobody else (platform admins included). */
export const mayReadAnswers = (person: Person, interview: Access) => mayManage(person, interview) || has(interview.sharedWith, person.id);

/** Its page: those who read its answers, those invited, and everyone signed in once it is published (the Interview Wire). */
export const mayView = (person: Person, interview: Access) => mayReadAnswers(person, interview) || has(interview.invited, person.id) || interview.published;

/** Anyone signed in but its creator answers a published interview; whether it is still open is the decider's to say. */
export const mayAnswer = (person: Person, interview: Access) => interview.published && person.id !== interview.creatorId;

/** Shared only within the creator's own account. */
export const mayShareWith = (interview: Access, colleague: { id: number; accountId: number | null }) =>
  interview.accountId !== null && colleague.accountId === interview.accountId && colleague.id !== interview.creatorId;
