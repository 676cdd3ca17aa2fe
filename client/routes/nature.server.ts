// The nature page shows the result list's "create an alert" form: the same action.
export { default } from './list.server';
