import type * as v from 'valibot';
import type { FormSendEndpoint, GetEndpoint, SendEndpoint } from './endpoints';

// The row helpers of the endpoint tables (endpoints.ts, form-endpoints.ts and the professional
// space's): each returns its row as written, so that the table keeps every row's own query, body
// and answer schemas for the types derived from it.

type Schema = v.GenericSchema;

/** A read's row. */
export const getRow = <Q extends Schema, A extends Schema>(row: GetEndpoint<Q, A>) => row;

/** A write's row, with the /api path the browser posts it to. */
export const sendRow = <B extends Schema, A extends Schema>(row: SendEndpoint<B, A>) => row;

/** A write's row that only a page's action sends. */
export const formSendRow = <B extends Schema, A extends Schema>(row: FormSendEndpoint<B, A>) => row;
