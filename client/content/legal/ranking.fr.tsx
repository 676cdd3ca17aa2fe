import { Link } from 'react-router';
import { RELEVANCE, RELEVANCE_MAX } from './relevance';
import { Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

function Body({ to, siteName, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        En tant que plateforme en ligne, {siteName} vous informe des modalités de référencement, de
        déréférencement et de classement des annonces et des agences qu’elle présente, conformément
        aux articles L. 111-7 et D. 111-7 et suivants du Code de la consommation.
      </p>

      <h2>1. Qui peut publier des annonces</h2>
      <p>
        Seules des agences immobilières professionnelles, titulaires de la carte professionnelle
        prévue par la loi n° 70-9 du 2 janvier 1970 (« loi Hoguet ») et liées à {publisher.name} par
        un contrat de diffusion payant, publient des annonces sur le site. Les particuliers ne
        peuvent pas y publier. Les annonces sont importées depuis les logiciels des agences ; chaque
        agence est responsable de l’exactitude de ses annonces.
      </p>

      <h2>2. Retrait des annonces (déréférencement)</h2>
      <ul>
        <li>
          un bien vendu, loué ou retiré par l’agence disparaît des résultats ; sa page indique alors
          que ce bien d’exception n’est plus disponible et propose des recherches proches ;
        </li>
        <li>les annonces d’une agence dont le contrat prend fin sont retirées ;</li>
        <li>
          une annonce illicite, trompeuse ou publiée en double est retirée, et l’agence en est
          informée.
        </li>
      </ul>

      <h2>3. Classement par défaut des résultats</h2>
      <p>
        Sans tri choisi de votre part, les annonces correspondant à votre recherche sont classées :
      </p>
      <ol>
        <li>
          d’abord les annonces bénéficiant d’une <strong>option de mise en avant</strong>, que
          l’agence a souscrite contre rémunération auprès de {publisher.name} ; elles portent la
          mention « Annonce mise en avant » dans les listes ;
        </li>
        <li>
          puis, parmi elles et parmi les autres, de la plus récemment publiée à la plus ancienne.
        </li>
      </ol>
      <p>
        <strong>
          Ce classement par défaut est donc influencé par une rémunération versée par les agences.
        </strong>{' '}
        Aucun autre paiement, lien capitalistique ou relation contractuelle n’influence l’ordre des
        annonces. Les annonces mises en avant ne sont pas dispensées de correspondre à vos critères.
      </p>

      <h2>4. Les autres tris, à votre choix</h2>
      <ul>
        <li>
          <strong>Les plus récentes</strong> : par date de publication, de la plus récente à la plus
          ancienne, sans tenir compte des mises en avant ;
        </li>
        <li>
          <strong>Prix croissant ou décroissant</strong> (ventes), <strong>loyer</strong> mensuel
          (locations) ou <strong>loyer hebdomadaire</strong> (locations saisonnières) : les biens
          dont le prix n’est pas communiqué sont placés en fin de liste.
        </li>
      </ul>
      <p>
        Les annonces publiées au même moment, ou au même prix, gardent entre elles un ordre fixe :
        celui de leur numéro d’enregistrement sur le site (la plus récemment enregistrée d’abord
        pour le tri par défaut et « Les plus récentes » ; dans le sens du tri pour les tris par prix
        et par loyer). Les annonces de la page d’une agence et de la page d’un réseau suivent le
        classement par défaut.
      </p>

      <h2>5. Critères de recherche</h2>
      <p>
        Les résultats ne contiennent que les biens disponibles qui remplissent tous vos critères :
        nature de la transaction, catégorie (et ses sous-catégories), lieu (et les lieux qu’il
        contient), bornes de prix ou de loyer, nombre minimum de pièces et de chambres, surfaces, et
        chacun des atouts demandés.
      </p>
      <p>
        Lorsqu’aucun bien ne correspond, le site vous le dit et vous propose, en les présentant
        comme tels, les biens les plus proches : dans les villes situées à moins de 30 km, dans un
        lieu plus large, ou dans d’autres catégories au même endroit.
      </p>

      <h2>6. Annuaire des agences</h2>
      <p>
        L’annuaire présente les agences partenaires en activité ; celles dont le contrat a pris fin
        n’y figurent plus, leur page restant consultable avec la mention qu’elles ne sont plus
        actives. Le tri proposé par défaut, « Pertinence », classe les agences :
      </p>
      <ol>
        <li>
          si vous recherchez un nom : d’abord les agences dont le nom commence par le texte saisi,
          puis celles dont le nom le contient, puis celles dont le nom s’en approche (faute de
          frappe), la plus proche d’abord ;
        </li>
        <li>
          ensuite, et sans recherche de nom, selon un <strong>indice de pertinence</strong> sur{' '}
          {RELEVANCE_MAX.total} points, calculé automatiquement à partir des données du site :
          <ul>
            <li>
              <strong>annonces</strong>, jusqu’à {RELEVANCE_MAX.listings} points :{' '}
              {RELEVANCE.perListing} points par annonce de l’agence en ligne, comptées jusqu’à{' '}
              {RELEVANCE.listingsCap} annonces ;
            </li>
            <li>
              <strong>complétude des annonces</strong>, jusqu’à {RELEVANCE.quality} points :{' '}
              {RELEVANCE.quality} points multipliés par la part de ses annonces en ligne qui sont
              complètes, c’est-à-dire qui comportent au moins {RELEVANCE.completePhotos} photos, le
              prix affiché (et non « prix sur demande ») et la surface (habitable, ou du terrain
              pour un terrain) ;
            </li>
            <li>
              <strong>avis clients</strong>, jusqu’à {RELEVANCE.reviews} points : de 0 point pour
              une note moyenne de 1 étoile à {RELEVANCE.reviews} points pour une moyenne de 5
              étoiles, en proportion du nombre d’avis compté jusqu’à {RELEVANCE.reviewsCap} (avec{' '}
              {RELEVANCE.reviewsCap / 2} avis, la moitié de ces points) ;
            </li>
          </ul>
          chaque partie est arrondie au point inférieur. L’indice est recalculé dans les minutes qui
          suivent toute modification des annonces ou des avis. Il ne s’achète pas : il ne dépend
          d’aucun paiement, d’aucune option de mise en avant ni d’aucun contrat ;
        </li>
        <li>à indice égal, par ordre alphabétique.</li>
      </ol>
      <p>
        Vous pouvez aussi trier les agences par ordre alphabétique (de A à Z ou de Z à A, sans tenir
        compte des accents ni des majuscules) et les filtrer par lieu : sont alors présentées les
        agences situées dans ce lieu ou dans les lieux qu’il contient. Sur la page d’un réseau, ses
        agences sont présentées par ordre alphabétique.
      </p>

      <h2>7. Avis clients</h2>
      <p>
        Les avis présentés sur la page d’une agence proviennent de prestataires de collecte d’avis,
        dont le nom est indiqué avec chaque avis. {siteName} ne vérifie pas lui-même que l’auteur
        d’un avis a fait appel à l’agence : cette vérification relève du prestataire indiqué. Les
        avis sont affichés tels que leurs auteurs les ont rédigés, sans traduction, sans sélection
        selon leur note ni modification, avec la réponse éventuelle de l’agence : d’abord ceux
        rédigés dans la langue de la page, puis les autres, chacun du plus récent au plus ancien. La
        note moyenne porte sur l’ensemble des avis reçus. {siteName} ne rémunère pas les avis.
      </p>

      <h2>8. Questions et réclamations</h2>
      <p>
        Pour toute question sur le référencement ou le classement, ou pour signaler une annonce,
        écrivez à <Mail address={publisher.email} />. Voir aussi les{' '}
        <Link to={to('cgu', {})}>conditions générales d’utilisation</Link>.
      </p>
    </>
  );
}

export const rankingFr: LegalDocument = {
  title: 'Classement des annonces',
  description:
    'Comment les annonces et les agences sont référencées et classées sur le portail : tri par défaut, mises en avant payantes, autres tris, recherche élargie, annuaire et avis clients.',
  Body,
};
