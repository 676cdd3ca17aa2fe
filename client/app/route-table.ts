import { resolvePath } from '../../shared/routes';

// The client's view of the shared route table (shared/routes.ts): the screen match type. The
// page language of a path is the table's own (langOfPath), the same for the server.

export type Resolved = ReturnType<typeof resolvePath>;
export type ScreenMatch = Extract<Resolved, { kind: 'screen' }>;
