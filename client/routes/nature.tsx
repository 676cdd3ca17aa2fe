import { createSearchScreen } from '../components/search/search-screen';

// Nature page with optional rubrique (/{lang}/{nature}/{rub?}/): the search over every place,
// with links to the places and sub-categories that have offers.
export default createSearchScreen('nature');
