import { Link } from 'react-router';
import { COMPANY, MEDIATOR } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

function Body({ to, siteName, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        Les présentes conditions générales d’utilisation (« CGU ») régissent l’accès au site{' '}
        {siteName} et son utilisation par toute personne qui le consulte (« l’utilisateur »). En
        naviguant sur le site, l’utilisateur accepte les CGU en vigueur au jour de sa visite.
      </p>

      <h2>1. Éditeur du site</h2>
      <p>
        Le site est édité par {publisher.name}, {COMPANY.legalForm.fr} au capital de{' '}
        {COMPANY.capital.fr}, immatriculée au {publisher.rcs}, dont le siège social est situé{' '}
        {publisher.address}. Les informations complètes sur l’éditeur et l’hébergeur figurent dans
        les <Link to={to('legals', {})}>mentions légales</Link>.
      </p>

      <h2>2. Objet du site</h2>
      <p>
        Le site est un portail d’annonces immobilières de prestige. Il permet de consulter des biens
        à vendre, à louer et en location saisonnière proposés par des agences immobilières
        partenaires, de conserver une sélection de biens favoris, de créer des alertes par e-mail,
        d’adresser des demandes d’information aux agences, de consulter l’annuaire des agences et
        des réseaux d’agences ainsi que les avis de leurs clients.
      </p>
      <p>
        {publisher.name} n’est ni agent immobilier ni mandataire : elle n’intervient pas dans les
        transactions, ne perçoit aucune somme de la part des visiteurs et n’est pas partie aux
        relations entre les visiteurs et les agences.
      </p>

      <h2>3. Accès au site</h2>
      <p>
        Le site est accessible gratuitement, sans inscription ni création de compte, à toute
        personne disposant d’un accès à internet. Les frais de connexion restent à la charge de
        l’utilisateur. L’éditeur s’efforce de rendre le site accessible en permanence mais peut en
        suspendre l’accès, notamment pour des opérations de maintenance, sans que sa responsabilité
        puisse être engagée.
      </p>

      <h2>4. Annonces</h2>
      <p>
        Les annonces sont rédigées et mises à jour par les agences qui les publient, sous leur seule
        responsabilité. Elles sont importées depuis les logiciels de ces agences et présentées
        telles quelles. Les prix, surfaces, honoraires, diagnostics et disponibilités sont fournis à
        titre indicatif et n’ont pas de valeur contractuelle : seuls les documents remis par
        l’agence font foi. Un bien vendu ou loué est retiré du site ou signalé comme n’étant plus
        disponible.
      </p>
      <p>
        Les règles de référencement et de classement des annonces et des agences sont décrites sur
        la page <Link to={to('ranking', {})}>Classement des annonces</Link>.
      </p>

      <h2>5. Demandes de contact</h2>
      <p>
        Le formulaire de contact d’une annonce ou d’une agence transmet votre demande, avec les
        coordonnées que vous saisissez, à l’agence concernée, qui y répond directement. Afin de
        protéger les agences contre les abus, le nombre de demandes pouvant être envoyées depuis un
        même navigateur est limité par période de vingt-quatre heures ; au-delà, l’envoi est refusé
        jusqu’au lendemain.
      </p>

      <h2>6. Sélection de favoris et alertes</h2>
      <p>
        La sélection de biens favoris est conservée uniquement dans votre navigateur. Une alerte
        enregistre vos critères de recherche et votre adresse e-mail : le premier message vous
        demande de confirmer votre adresse, aucun autre message n’est envoyé avant cette
        confirmation. Chaque e-mail comporte un lien de désinscription immédiate. Vous pouvez
        supprimer vos alertes à tout moment depuis la page « Mes alertes ».
      </p>

      <h2>7. Avis clients</h2>
      <p>
        Les avis affichés sur les pages des agences proviennent de services de collecte d’avis dont
        le nom est indiqué avec chaque avis. Ils sont présentés du plus récent au plus ancien, sans
        modification, accompagnés le cas échéant de la réponse de l’agence. La note moyenne est
        calculée sur l’ensemble des avis reçus par l’agence. Pour signaler un avis que vous estimez
        illicite, écrivez à <Mail address={publisher.email} />.
      </p>

      <h2>8. Espace professionnels</h2>
      <p>
        Les agences qui souhaitent diffuser leurs biens peuvent contacter l’équipe commerciale
        depuis la page <Link to={to('proContact', {})}>Espace professionnels</Link>. La diffusion
        des annonces fait l’objet de conditions particulières conclues entre {publisher.name} et
        chaque agence.
      </p>

      <h2>9. Engagements de l’utilisateur</h2>
      <p>L’utilisateur s’engage à utiliser le site de manière loyale et, notamment, à ne pas :</p>
      <ul>
        <li>fournir des informations inexactes ou usurper l’identité d’un tiers ;</li>
        <li>
          envoyer des messages publicitaires, répétitifs ou sans rapport avec les biens présentés ;
        </li>
        <li>
          extraire de manière systématique le contenu du site, notamment par des moyens automatisés,
          ou le réutiliser sans autorisation ;
        </li>
        <li>
          perturber le fonctionnement du site ou tenter d’accéder à des données qui ne lui sont pas
          destinées.
        </li>
      </ul>
      <p>
        En cas de manquement, l’éditeur peut limiter ou bloquer l’accès au site et aux formulaires,
        sans préjudice de toute action en justice.
      </p>

      <h2>10. Propriété intellectuelle</h2>
      <p>
        La structure du site, sa charte graphique, ses textes, logos et logiciels sont la propriété
        de {publisher.name} ou de ses partenaires. Les photographies et descriptions des annonces
        appartiennent aux agences qui les publient ou à leurs auteurs. Toute reproduction,
        représentation ou extraction, totale ou partielle, sans autorisation écrite préalable est
        interdite (articles L. 122-4 et L. 342-1 du Code de la propriété intellectuelle).
      </p>

      <h2>11. Liens hypertextes</h2>
      <p>
        Le site peut contenir des liens vers des sites tiers (sites des agences et des réseaux,
        services de cartographie, de vidéo ou de visite virtuelle). L’éditeur n’exerce aucun
        contrôle sur ces sites et décline toute responsabilité quant à leur contenu. Les contenus
        tiers intégrés au site ne sont chargés qu’avec votre accord (voir la page{' '}
        <Link to={to('cookies', {})}>Cookies</Link>).
      </p>

      <h2>12. Signalement de contenus illicites</h2>
      <p>
        Conformément à la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie
        numérique et au règlement (UE) 2022/2065 sur les services numériques, toute personne peut
        signaler un contenu qu’elle estime illicite en écrivant à <Mail address={publisher.email} />{' '}
        ou à l’adresse postale de l’éditeur. Le signalement précise l’adresse de la page concernée,
        la description du contenu, les raisons pour lesquelles il est jugé illicite et les
        coordonnées de son auteur. Cette adresse constitue également le point de contact unique des
        autorités et des utilisateurs ; les échanges peuvent se faire en français ou en anglais.
      </p>

      <h2>13. Données personnelles et cookies</h2>
      <p>
        Le traitement de vos données personnelles est décrit dans la page{' '}
        <Link to={to('personalData', {})}>Données personnelles</Link> ; l’usage des cookies et
        traceurs dans la page <Link to={to('cookies', {})}>Cookies</Link>.
      </p>

      <h2>14. Responsabilité</h2>
      <p>
        L’éditeur met en œuvre les moyens raisonnables pour assurer l’exactitude des informations
        qu’il publie et la sécurité du site. Sa responsabilité ne saurait être engagée en cas
        d’interruption du service, d’erreur dans les annonces fournies par les agences, ou de
        dommage résultant de l’utilisation d’un site tiers.
      </p>

      <h2>15. Modification des CGU</h2>
      <p>
        L’éditeur peut modifier les présentes CGU à tout moment, notamment pour tenir compte
        d’évolutions légales ou du site. La version applicable est celle en ligne au moment de la
        visite ; la date de dernière mise à jour figure en haut de cette page.
      </p>

      <h2>16. Droit applicable et litiges</h2>
      <p>
        Les présentes CGU sont soumises au droit français. En cas de litige, une solution amiable
        sera recherchée avant toute action judiciaire : écrivez d’abord à{' '}
        <Mail address={publisher.email} />. Si votre réclamation écrite est refusée ou reste sans
        réponse pendant {MEDIATOR.delayMonths} mois, vous pouvez, en tant que consommateur, saisir
        gratuitement le médiateur de la consommation {MEDIATOR.name}, {MEDIATOR.address},{' '}
        <ExternalLink href={MEDIATOR.url} />. À défaut de solution amiable, les tribunaux français
        sont compétents, sous réserve des règles impératives protégeant les consommateurs, qui
        peuvent saisir la juridiction de leur lieu de résidence.
      </p>
    </>
  );
}

export const cguFr: LegalDocument = {
  title: 'Conditions générales d’utilisation',
  description:
    'Conditions générales d’utilisation du portail : accès, annonces, demandes de contact, alertes, avis clients, propriété intellectuelle et signalement de contenus.',
  Body,
};
