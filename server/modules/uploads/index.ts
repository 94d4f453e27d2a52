// What other modules may use of uploads.
export { findOwnImage, findUpload } from './queries.ts';
