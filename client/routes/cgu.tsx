import { cguEn } from '../content/legal/cgu.en';
import { cguFr } from '../content/legal/cgu.fr';
import { legalScreen } from '../content/legal/legal-screen';

export default legalScreen({ fr: cguFr, en: cguEn });
