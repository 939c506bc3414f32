// Server-only: the signing secret never reaches the browser bundle.
export { issueContactFormToken } from '../../../server/contact/form-token.ts';
