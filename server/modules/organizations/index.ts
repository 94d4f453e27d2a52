// What other modules may use of companies and outlets.
export { findCompany, findEmployer, isResponsibleFor, type CompanyRecord } from './queries.ts';
