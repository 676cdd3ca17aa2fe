import { rankingEn } from '../content/legal/ranking.en';
import { rankingFr } from '../content/legal/ranking.fr';
import { legalScreen } from '../content/legal/legal-screen';

export default legalScreen({ fr: rankingFr, en: rankingEn });
