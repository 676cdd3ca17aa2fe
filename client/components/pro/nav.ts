import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ProScreenId } from '../../../shared/routes';

// The space's navigation, apart from its session helpers: those are loaded by the screens'
// server-only actions too, which are not compiled with the message macros.

/** The names of the space's screens in its navigation. */
export const PRO_NAV: readonly { screen: ProScreenId; label: MessageDescriptor }[] = [
  { screen: 'proDashboard', label: msg`Tableau de bord` },
  { screen: 'proLeads', label: msg`Prospects` },
  { screen: 'proAudience', label: msg`Audience` },
  { screen: 'proFeeds', label: msg`Flux` },
  { screen: 'proTeam', label: msg`Équipe` },
];
