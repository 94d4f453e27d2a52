export { signInAs, type Caller } from '../seed/callers.ts';
