import { personalDataEn } from '../content/legal/personal-data.en';
import { personalDataFr } from '../content/legal/personal-data.fr';
import { legalScreen } from '../content/legal/legal-screen';

export default legalScreen({ fr: personalDataFr, en: personalDataEn });
