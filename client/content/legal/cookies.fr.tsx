import { Link } from 'react-router';
import { CookieChoicesButton } from '../../components/consent/cookie-choices-button';
import { COMPANY } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';
import { CONSENT_DAYS, COOKIE_NAMES, STORAGE_KEYS } from './storage';

interface Row {
  name: string;
  purpose: string;
  duration: string;
}

const COOKIES: Row[] = [
  {
    name: COOKIE_NAMES.language,
    purpose: 'Mémorise la langue que vous avez choisie (français ou anglais).',
    duration: '365 jours',
  },
  {
    name: COOKIE_NAMES.consent,
    purpose: 'Mémorise vos choix en matière de cookies et de contenus tiers.',
    duration: `${CONSENT_DAYS} jours (6 mois)`,
  },
  {
    name: COOKIE_NAMES.contactCounter,
    purpose:
      'Compte les demandes de contact envoyées depuis votre navigateur, pour limiter les envois abusifs (signé, inaccessible aux scripts).',
    duration: '1 jour à compter de la première demande',
  },
  {
    name: COOKIE_NAMES.alertTokens,
    purpose:
      'Conserve les clés d’accès à vos alertes, pour que la page « Mes alertes » les affiche, même sans JavaScript (signé, inaccessible aux scripts).',
    duration: '365 jours',
  },
];

const STORAGE: Row[] = [
  {
    name: STORAGE_KEYS.theme,
    purpose: 'Thème d’affichage choisi (clair ou sombre).',
    duration: 'Jusqu’à ce que vous l’effaciez',
  },
  {
    name: STORAGE_KEYS.selection,
    purpose: 'Votre sélection de biens favoris.',
    duration: 'Jusqu’à ce que vous l’effaciez',
  },
  {
    name: STORAGE_KEYS.search,
    purpose: 'Votre dernière recherche, pour la retrouver à votre prochaine visite.',
    duration: 'Jusqu’à ce que vous l’effaciez',
  },
  {
    name: STORAGE_KEYS.contact,
    purpose:
      'Les coordonnées saisies dans le formulaire de contact, pour ne pas avoir à les retaper.',
    duration: 'Jusqu’à ce que vous l’effaciez',
  },
  {
    name: STORAGE_KEYS.alertTokens,
    purpose: 'Les clés d’accès aux alertes créées depuis ce navigateur.',
    duration: 'Jusqu’à ce que vous l’effaciez',
  },
  {
    name: STORAGE_KEYS.navigation,
    purpose:
      'Les dernières pages consultées, la dernière annonce et la dernière agence vues, pour les liens de retour à la liste.',
    duration: 'Jusqu’à ce que vous l’effaciez (50 pages au plus)',
  },
  {
    name: STORAGE_KEYS.chunkReload,
    purpose:
      'Heure du dernier rechargement automatique de la page après une mise à jour du site (stockage de session).',
    duration: 'Jusqu’à la fermeture de l’onglet',
  },
];

function Table({ caption, rows }: { caption: string; rows: Row[] }) {
  return (
    <div className="legal__table-wrap">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">Finalité</th>
            <th scope="col">Durée</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">
                <code>{row.name}</code>
              </th>
              <td>{row.purpose}</td>
              <td>{row.duration}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Body({ to, siteName }: LegalBodyProps) {
  return (
    <>
      <p>
        Un cookie est un petit fichier déposé dans votre navigateur par le site que vous consultez ;
        d’autres techniques (stockage local du navigateur) jouent le même rôle. Cette page les
        recense toutes, conformément à l’article 82 de la loi « Informatique et Libertés » et aux
        recommandations de la CNIL.
      </p>
      <p>
        <strong>
          {siteName} n’utilise aucun cookie publicitaire ni aucun outil de mesure d’audience.
        </strong>{' '}
        Les cookies et données décrits ci-dessous sont nécessaires au fonctionnement du site ou à un
        service que vous demandez : ils ne requièrent pas votre consentement. Seuls les contenus de
        tiers (cartes, vidéos, visites virtuelles) sont soumis à votre accord.
      </p>

      <h2>1. Cookies déposés par le site</h2>
      <Table caption="Cookies du site, tous nécessaires au service" rows={COOKIES} />

      <h2>2. Données conservées dans le stockage local du navigateur</h2>
      <p>
        Ces données restent dans votre navigateur, à deux exceptions près : les coordonnées de
        contact, transmises au moment où vous envoyez une demande, et les numéros des biens de votre
        sélection, transmis à nos serveurs pour afficher leur état à jour (prix, disponibilité). Ces
        numéros servent à ce seul affichage : votre sélection n’est pas enregistrée sur nos serveurs
        et n’est associée à rien qui vous identifie.
      </p>
      <Table caption="Stockage local du navigateur" rows={STORAGE} />

      <h2>3. Contenus de tiers soumis à votre consentement</h2>
      <p>
        Certaines annonces intègrent des contenus fournis par d’autres sociétés. Ils ne sont chargés
        qu’après votre accord, donné dans le bandeau affiché lors de votre première visite, dans la
        fenêtre « Gérer mes cookies » ou directement à l’endroit du contenu :
      </p>
      <ul>
        <li>
          <strong>Cartes interactives</strong> : les fonds de carte proviennent d’OpenStreetMap (
          <ExternalLink href="https://osmfoundation.org/wiki/Privacy_Policy">
            politique de confidentialité
          </ExternalLink>
          ), qui reçoit votre adresse IP pour vous transmettre les images ;
        </li>
        <li>
          <strong>Vidéos</strong> : le lecteur de la plateforme d’hébergement choisie par l’agence
          (par exemple YouTube ou Vimeo) peut déposer ses propres cookies ;
        </li>
        <li>
          <strong>Visites virtuelles 3D</strong> : le prestataire de la visite peut déposer ses
          propres cookies.
        </li>
      </ul>
      <p>
        Tant que vous n’avez pas donné votre accord, un simple encadré indique ce qui serait chargé.
        Refuser n’empêche pas d’utiliser le site. Votre choix est conservé six mois, puis vous est
        de nouveau demandé.
      </p>

      <h2>4. Modifier vos choix</h2>
      <p>
        Vous pouvez modifier vos choix à tout moment avec le lien « Gérer mes cookies » présent en
        bas de chaque page, ou avec ce bouton :
      </p>
      <p>
        <CookieChoicesButton />
      </p>
      <p>
        Vous pouvez aussi supprimer les cookies et le stockage local depuis les réglages de votre
        navigateur :{' '}
        <ExternalLink href="https://support.mozilla.org/fr/kb/effacer-cookies-donnees-site-firefox">
          Firefox
        </ExternalLink>
        ,{' '}
        <ExternalLink href="https://support.google.com/chrome/answer/95647?hl=fr">
          Chrome
        </ExternalLink>
        ,{' '}
        <ExternalLink href="https://support.apple.com/fr-fr/guide/safari/sfri11471/mac">
          Safari
        </ExternalLink>
        ,{' '}
        <ExternalLink href="https://support.microsoft.com/fr-fr/microsoft-edge/supprimer-les-cookies-dans-microsoft-edge-63947406-40ac-c3b8-57b9-2a946a29ae09">
          Edge
        </ExternalLink>
        . Supprimer ces données efface aussi vos favoris et vos préférences.
      </p>

      <h2>5. Contact</h2>
      <p>
        Pour toute question sur les cookies, écrivez à <Mail address={COMPANY.dpo.email} />. Pour en
        savoir plus sur vos données, consultez la page{' '}
        <Link to={to('personalData', {})}>Données personnelles</Link>.
      </p>
    </>
  );
}

export const cookiesFr: LegalDocument = {
  title: 'Cookies',
  description:
    'Les cookies et données de navigateur utilisés par le portail, leur durée, les contenus tiers soumis à votre consentement et comment modifier vos choix.',
  Body,
};
