import { createSearchScreen } from '../components/search/search-screen';

// Result list for a nature, an optional rubrique and a place (/{lang}/{nature}/{rub?}/{lieu}/).
export default createSearchScreen('list');
