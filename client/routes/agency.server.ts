import type { ScreenActions } from '../app/screen';
import { contactAction } from './offer.server';

// The action of agency pages (client/routes/agency.tsx), run on the server only: the contact form
// of offer pages, addressed to the agency.
export default { contact: contactAction } satisfies ScreenActions;
