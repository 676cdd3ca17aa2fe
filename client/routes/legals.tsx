import { legalsEn } from '../content/legal/legals.en';
import { legalsFr } from '../content/legal/legals.fr';
import { legalScreen } from '../content/legal/legal-screen';

export default legalScreen({ fr: legalsFr, en: legalsEn });
