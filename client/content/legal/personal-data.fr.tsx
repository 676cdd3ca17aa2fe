import { Link } from 'react-router';
import { CNIL, COMPANY } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

interface Processing {
  name: string;
  data: string;
  purpose: string;
  basis: string;
  retention: string;
}

const PROCESSING: Processing[] = [
  {
    name: 'Demandes de contact adressées aux agences',
    data: 'Nom, adresse e-mail, numéro de téléphone, message, accord pour les recommandations, langue, annonce ou agence concernée, date, et l’état d’envoi du message à l’agence (adresse destinataire, date, réponse du serveur de messagerie).',
    purpose:
      'Transmettre votre demande par e-mail à l’agence concernée (ou au négociateur chargé de l’annonce), vous en envoyer une copie et en garder la trace en cas de litige.',
    basis: 'Mesures précontractuelles prises à votre demande (article 6.1.b du RGPD).',
    retention:
      '3 ans à compter de la demande, puis suppression ; les e-mails de la demande (à l’agence et votre copie) sont supprimés de notre file d’envoi au plus tard 3 ans après leur envoi.',
  },
  {
    name: 'Recommandations de biens',
    data: 'Adresse e-mail et critères de la demande, lorsque vous cochez la case prévue à cet effet.',
    purpose: 'Vous proposer des biens comparables à celui qui vous a intéressé.',
    basis: 'Votre consentement (article 6.1.a du RGPD), retirable à tout moment.',
    retention:
      'Jusqu’au retrait de votre consentement, et au plus 3 ans après votre dernier contact.',
  },
  {
    name: 'Alertes par e-mail',
    data: 'Adresse e-mail, critères de recherche, langue, accord pour être contacté par des agences partenaires, date de confirmation.',
    purpose: 'Vous envoyer les nouveaux biens correspondant à vos critères.',
    basis: 'Votre consentement (article 6.1.a du RGPD), confirmé par le lien du premier e-mail.',
    retention:
      'Jusqu’à la suppression de l’alerte ou votre désinscription ; une alerte jamais confirmée est supprimée après 30 jours.',
  },
  {
    name: 'Mise en relation avec des agences partenaires',
    data: 'Adresse e-mail et critères de l’alerte, si vous avez coché l’accord prévu à cet effet.',
    purpose: 'Permettre à des agences partenaires du secteur recherché de vous proposer des biens.',
    basis: 'Votre consentement (article 6.1.a du RGPD), retirable à tout moment.',
    retention: 'Jusqu’au retrait de votre consentement ou la suppression de l’alerte.',
  },
  {
    name: 'Demandes des professionnels',
    data: 'Nom, prénom, société, ville, numéro de téléphone, adresse e-mail, message, langue, date.',
    purpose:
      'Répondre aux agences qui souhaitent diffuser leurs biens, leur confirmer la réception de leur demande par e-mail et leur présenter nos offres.',
    basis:
      'Notre intérêt légitime à développer notre activité auprès des professionnels (article 6.1.f du RGPD).',
    retention:
      'Les demandes d’une même adresse e-mail : 3 ans à compter de la dernière, puis suppression.',
  },
  {
    name: 'Sécurité du site et prévention des abus',
    data: 'Adresse IP (limitation du nombre de requêtes), compteur de demandes de contact, journaux techniques (page demandée, date, résultat, durée, sans adresse IP).',
    purpose:
      'Protéger le site et les agences contre les envois abusifs et les attaques, diagnostiquer les pannes.',
    basis: 'Notre intérêt légitime à assurer la sécurité du service (article 6.1.f du RGPD).',
    retention:
      'Adresse IP : 1 heure au plus ; compteur : 24 heures ; journaux techniques : 12 mois.',
  },
];

function Body({ to, siteName, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        Cette page explique quelles données personnelles {siteName} traite, pourquoi, pendant
        combien de temps, avec qui elles sont partagées et comment exercer vos droits, en
        application du règlement (UE) 2016/679 (RGPD) et de la loi n° 78-17 du 6 janvier 1978
        modifiée (« Informatique et Libertés »). Le site est consultable sans compte : nous ne
        collectons que ce que vous nous confiez dans un formulaire.
      </p>

      <h2>1. Responsable du traitement</h2>
      <address>
        {publisher.name}, {publisher.address}
        <br />
        E-mail : <Mail address={publisher.email} />
      </address>
      <h3>Délégué à la protection des données</h3>
      <p>
        {COMPANY.dpo.name} — <Mail address={COMPANY.dpo.email} />
        <br />
        Par courrier : {COMPANY.dpo.address.fr}.
      </p>

      <h2>2. Traitements, finalités, bases légales et durées de conservation</h2>
      <div className="legal__table-wrap">
        <table>
          <caption>Les traitements de données personnelles du site</caption>
          <thead>
            <tr>
              <th scope="col">Traitement</th>
              <th scope="col">Données</th>
              <th scope="col">Finalité</th>
              <th scope="col">Base légale</th>
              <th scope="col">Durée de conservation</th>
            </tr>
          </thead>
          <tbody>
            {PROCESSING.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>{p.data}</td>
                <td>{p.purpose}</td>
                <td>{p.basis}</td>
                <td>{p.retention}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Les champs obligatoires des formulaires sont signalés par un astérisque : sans eux, la
        demande ne peut pas être traitée. Aucune décision automatisée produisant des effets
        juridiques à votre égard n’est prise sur la base de ces données.
      </p>
      <p>
        Les statistiques de consultation des annonces (nombre d’affichages, de demandes d’e-mail ou
        de téléphone par annonce) sont des comptages anonymes : elles ne sont rattachées à aucune
        personne.
      </p>

      <h2>3. Données conservées dans votre navigateur</h2>
      <p>
        Votre sélection de favoris, votre dernière recherche, le thème d’affichage, les coordonnées
        saisies dans le formulaire de contact (pour ne pas avoir à les retaper) et l’historique des
        pages consultées sont conservés dans le stockage local de votre navigateur : ils ne nous
        sont pas transmis, sauf les coordonnées lorsque vous envoyez une demande. Vous pouvez les
        effacer à tout moment depuis les réglages de votre navigateur. Le détail figure dans la page{' '}
        <Link to={to('cookies', {})}>Cookies</Link>.
      </p>

      <h2>4. Destinataires</h2>
      <ul>
        <li>
          l’agence à laquelle vous adressez une demande de contact, ou le négociateur de l’agence
          chargé de l’annonce, qui la reçoit par e-mail avec vos coordonnées ;
        </li>
        <li>
          les agences partenaires du secteur recherché, uniquement si vous avez donné votre accord
          lors de la création d’une alerte ;
        </li>
        <li>les équipes habilitées de {publisher.name}, dans la limite de leurs attributions ;</li>
        <li>
          nos sous-traitants techniques : l’hébergeur du site ({publisher.host.name}, France) et le
          prestataire d’envoi des e-mails, tenus par contrat à la confidentialité et à la sécurité
          des données.
        </li>
      </ul>
      <p>Vos données ne sont ni vendues ni louées.</p>

      <h2>5. Transferts hors de l’Union européenne</h2>
      <p>
        Vos données sont hébergées en France et ne sont pas transférées hors de l’Union européenne.
        Les contenus de tiers (cartes, vidéos, visites virtuelles) ne sont chargés qu’avec votre
        accord ; leurs éditeurs appliquent alors leur propre politique de confidentialité.
      </p>

      <h2>6. Vos droits</h2>
      <p>Vous disposez, sur vos données, des droits suivants :</p>
      <ul>
        <li>droit d’accès et d’obtenir une copie de vos données (article 15 du RGPD) ;</li>
        <li>droit de rectification des données inexactes (article 16) ;</li>
        <li>droit à l’effacement (article 17) ;</li>
        <li>droit à la limitation du traitement (article 18) ;</li>
        <li>droit à la portabilité des données que vous nous avez fournies (article 20) ;</li>
        <li>
          droit d’opposition, notamment à la prospection et aux traitements fondés sur notre intérêt
          légitime (article 21) ;
        </li>
        <li>
          droit de retirer votre consentement à tout moment, sans remettre en cause les traitements
          déjà effectués ;
        </li>
        <li>
          droit de définir des directives relatives au sort de vos données après votre décès
          (article 85 de la loi Informatique et Libertés).
        </li>
      </ul>
      <p>
        Pour les exercer, écrivez au délégué à la protection des données à{' '}
        <Mail address={COMPANY.dpo.email} /> ou par courrier à l’adresse ci-dessus. Nous vous
        répondons dans un délai d’un mois, qui peut être prolongé de deux mois en cas de demande
        complexe ; nous pouvons vous demander un justificatif d’identité en cas de doute
        raisonnable. Chaque e-mail d’alerte contient en outre un lien de désinscription immédiate,
        et vos alertes peuvent être supprimées depuis la page « Mes alertes ».
      </p>

      <h2>7. Réclamation</h2>
      <p>
        Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous
        pouvez introduire une réclamation auprès de la Commission nationale de l’informatique et des
        libertés (CNIL) : {CNIL.address}, téléphone {CNIL.phone},{' '}
        <ExternalLink href={CNIL.complaint}>www.cnil.fr/fr/plaintes</ExternalLink>.
      </p>

      <h2>8. Sécurité</h2>
      <p>
        Le site est servi exclusivement en HTTPS. Les cookies qui protègent les formulaires et
        donnent accès à vos alertes sont signés et inaccessibles aux scripts de la page ; les clés
        d’accès aux alertes ne sont conservées sur nos serveurs qu’à l’état d’empreinte (SHA-256) ;
        l’accès aux bases de données est réservé aux personnes habilitées.
      </p>

      <h2>9. Mineurs</h2>
      <p>
        Le site s’adresse à des personnes majeures recherchant un bien immobilier. Nous ne
        collectons pas sciemment de données concernant des mineurs de moins de quinze ans.
      </p>

      <h2>10. Évolution de cette page</h2>
      <p>
        Cette page peut être modifiée pour tenir compte de l’évolution du site ou de la
        réglementation. La date de dernière mise à jour figure en haut de page.
      </p>
    </>
  );
}

export const personalDataFr: LegalDocument = {
  title: 'Données personnelles',
  description:
    'Comment le portail traite vos données personnelles : responsable du traitement, finalités, bases légales, durées de conservation, destinataires, vos droits et le délégué à la protection des données.',
  Body,
};
