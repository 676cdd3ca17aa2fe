import { Link } from 'react-router';
import { CNIL, COMPANY, HOST, MEDIATOR } from './company';
import { ExternalLink, Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

function Body({ to, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        Informations communiquées en application de l’article 6 de la loi n° 2004-575 du 21 juin
        2004 pour la confiance dans l’économie numérique.
      </p>

      <h2>Éditeur du site</h2>
      <address>
        {publisher.name}
        <br />
        {COMPANY.legalForm.fr} au capital de {COMPANY.capital.fr}
        <br />
        Siège social : {publisher.address}
        <br />
        {publisher.rcs} — SIRET {publisher.siret} — code NAF/APE {COMPANY.naf}
        <br />
        N° de TVA intracommunautaire : {publisher.vat}
        <br />
        Téléphone : {publisher.phone}
        <br />
        E-mail : <Mail address={publisher.email} />
      </address>

      <h2>Directrice de la publication</h2>
      <p>
        {publisher.director}, {COMPANY.directorTitle.fr} de {publisher.name}.
      </p>

      <h2>Hébergeur</h2>
      <address>
        {publisher.host.name}
        <br />
        {publisher.host.address}
        <br />
        {publisher.host.rcs}
        <br />
        Téléphone : {publisher.host.phone}
      </address>
      <p>
        Les serveurs et les bases de données du site sont situés en France ({HOST.location.fr}).
      </p>

      <h2>Activité</h2>
      <p>
        {publisher.name} édite un portail de diffusion d’annonces immobilières publiées par des
        agences immobilières partenaires. Elle n’exerce pas l’activité d’agent immobilier et ne
        détient pas de fonds pour le compte de tiers. Les agences qui publient des annonces sont
        seules responsables de leur contenu et de leur conformité à la loi n° 70-9 du 2 janvier 1970
        dite « loi Hoguet » ; leurs coordonnées et leur barème d’honoraires figurent sur leur page
        dans l’annuaire.
      </p>

      <h2>Propriété intellectuelle</h2>
      <p>
        L’ensemble des éléments du site (textes, mise en page, logos, logiciels) est protégé par le
        droit d’auteur et le droit des producteurs de bases de données. Les annonces et leurs
        photographies restent la propriété des agences qui les publient. Les conditions
        d’utilisation sont détaillées dans les{' '}
        <Link to={to('cgu', {})}>conditions générales d’utilisation</Link>.
      </p>

      <h2>Données personnelles</h2>
      <p>
        Responsable du traitement : {publisher.name}. Délégué à la protection des données :{' '}
        {COMPANY.dpo.name}, <Mail address={COMPANY.dpo.email} />. Les traitements, vos droits et la
        manière de les exercer sont décrits dans la page{' '}
        <Link to={to('personalData', {})}>Données personnelles</Link>. Vous pouvez introduire une
        réclamation auprès de la Commission nationale de l’informatique et des libertés (CNIL),{' '}
        {CNIL.address}, <ExternalLink href={CNIL.url} />.
      </p>

      <h2>Médiation de la consommation</h2>
      <p>
        Conformément aux articles L. 612-1 et suivants du Code de la consommation, tout consommateur
        peut recourir gratuitement, pour un litige avec {publisher.name}, au médiateur de la
        consommation auquel elle adhère : {MEDIATOR.name}, {MEDIATOR.address},{' '}
        <ExternalLink href={MEDIATOR.url} />. Le médiateur peut être saisi après une réclamation
        écrite adressée à {publisher.name} (<Mail address={publisher.email} />) restée sans réponse
        pendant {MEDIATOR.delayMonths} mois ou refusée.
      </p>

      <h2>Cookies</h2>
      <p>
        La liste des cookies et traceurs utilisés et la manière de modifier vos choix figurent dans
        la page <Link to={to('cookies', {})}>Cookies</Link>.
      </p>

      <h2>Signaler un contenu</h2>
      <p>
        Pour signaler un contenu illicite ou une erreur dans une annonce, écrivez à{' '}
        <Mail address={publisher.email} /> en indiquant l’adresse de la page concernée.
      </p>
    </>
  );
}

export const legalsFr: LegalDocument = {
  title: 'Mentions légales',
  description:
    'Mentions légales du portail : éditeur, directrice de la publication, hébergeur, propriété intellectuelle et contacts.',
  Body,
};
