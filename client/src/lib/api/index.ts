export { ApiError, type FieldLines } from './ApiError.ts';
export { api, type RequestOptions } from './client.ts';
export { uploadWithProgress } from './upload.ts';
export { configureApi, type ApiHooks } from './hooks.ts';
export { NOT_PERMITTED, PLEASE_REFRESH, SOMETHING_WENT_WRONG, linesOf } from './catalogue.ts';
export { placeLines } from './placement.ts';
