import { cookiesEn } from '../content/legal/cookies.en';
import { cookiesFr } from '../content/legal/cookies.fr';
import { legalScreen } from '../content/legal/legal-screen';

export default legalScreen({ fr: cookiesFr, en: cookiesEn });
