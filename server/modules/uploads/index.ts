// What other modules may use of uploads.
export { findOwnImage, findOwnUploads, findUpload } from './queries.ts';
