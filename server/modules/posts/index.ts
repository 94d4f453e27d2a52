// What other modules may use of posts.
export { viewerOf, type Viewer } from './permissions.ts';
export { postLinesByAuthor, type PostLine } from './view-statements.ts';
export { readableBy } from './view-statements.ts';
export { findPostView, findPostViews } from './queries.ts';
export { likeCountsMoved } from './like-counts.ts';
