import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import '../styles/agency.css';
import { href } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { ProspectForm } from '../components/agency/prospect-form';
import { PRO_SECTIONS } from '../components/agency/pro-sections';
import {
  PROSPECT_STATUS_CODES,
  prospectOutcome,
  SENT_PARAM,
  type ProspectOutcome,
} from '../../shared/prospect-state';

// The professional space's contact page (/fr/contact-professionnel/, /en/professional-contact/):
// agencies ask to advertise their properties with its form, the page's `prospect` action
// (./pro-contact.server.ts).
// `?sent=1` is the thanks page after a send without JavaScript; a request refused or failed
// without JavaScript comes back here with what was typed.

export interface ProContactData {
  sent: boolean;
  /** What was typed and what went wrong, after a refusal or a failure without JavaScript. */
  refused: ProspectOutcome | null;
}

export default defineScreen({
  async loader({ url, posted }): Promise<ProContactData> {
    const outcome = prospectOutcome(posted);
    return {
      sent: url.searchParams.get(SENT_PARAM) === '1',
      refused: outcome && outcome.status !== 'sent' ? outcome : null,
    };
  },

  status: (data) => (data.refused ? PROSPECT_STATUS_CODES[data.refused.status] : 200),

  head({ data, i18n }) {
    return {
      title: i18n._(msg`Espace professionnels : annoncez vos biens d'exception`),
      description: i18n._(
        msg`Agences immobilières de prestige : diffusez vos biens d'exception auprès d'une clientèle française et internationale. Contactez notre équipe commerciale.`,
      ),
      robots: data.sent || data.refused ? 'noindex, follow' : undefined,
    };
  },

  Component: function ProContact({ data, config, lang }) {
    const { t } = useLingui();
    const [sent, setSent] = useState(data.sent);
    const thanks = useRef<HTMLHeadingElement>(null);
    const [justSent, setJustSent] = useState(false);
    const onSent = useCallback(() => {
      setSent(true);
      setJustSent(true);
    }, []);
    // A request sent from this page: the thanks take the focus (screen readers read them).
    useEffect(() => {
      if (justSent) thanks.current?.focus();
    }, [justSent]);
    const privacy = href('personalData', {}, lang, config);
    return (
      <div className="pro-contact">
        <h1>{t`Espace professionnels`}</h1>
        <p className="pro-contact__lead">
          {t`Vous êtes une agence immobilière spécialisée dans les biens de prestige ? Présentez vos biens d'exception à une clientèle française et internationale exigeante.`}
        </p>
        <section id={PRO_SECTIONS.services} aria-labelledby="pro-services-title">
          <h2 id="pro-services-title">{t`Nos services`}</h2>
          <ul className="pro-contact__list">
            <li>{t`La diffusion de vos annonces en français et en anglais, avec photos en haute définition, vidéo et visite virtuelle.`}</li>
            <li>{t`Une page agence avec votre présentation, vos coordonnées, votre barème d'honoraires et les avis de vos clients.`}</li>
            <li>{t`Des demandes de contact qualifiées, transmises directement à votre agence.`}</li>
            <li>{t`Des options de mise en avant pour vos biens les plus remarquables, signalées comme telles aux visiteurs.`}</li>
          </ul>
        </section>
        <section id={PRO_SECTIONS.advertise} aria-labelledby="pro-advertise-title">
          <h2 id="pro-advertise-title">{t`Annoncer vos biens`}</h2>
          <p>
            {t`Vos annonces sont importées automatiquement depuis votre logiciel de transaction, plusieurs fois par jour : vous n'avez rien à saisir deux fois. Chaque bien est publié dans sa catégorie et sur sa commune, et apparaît dans les résultats de recherche et les alertes des visiteurs.`}
          </p>
        </section>
        <section id={PRO_SECTIONS.clients} aria-labelledby="pro-clients-title">
          <h2 id="pro-clients-title">{t`Accès clients`}</h2>
          <p>
            {t`Vous êtes déjà client ? Votre conseiller commercial reste votre interlocuteur pour mettre à jour votre page agence, votre barème ou vos options de diffusion. Écrivez-nous avec le formulaire ci-dessous en précisant le nom de votre agence : nous vous répondons sous deux jours ouvrés.`}
          </p>
        </section>
        {sent ? (
          <section
            id={PRO_SECTIONS.contact}
            className="pro-contact__thanks"
            aria-labelledby="pro-thanks-title"
          >
            <h2 id="pro-thanks-title" ref={thanks} tabIndex={-1}>
              {t`Merci pour votre demande`}
            </h2>
            <p role="status">
              {t`Votre demande a bien été envoyée. Notre équipe commerciale vous recontactera très prochainement et vous confirmera sa prise en charge par e-mail.`}
            </p>
            <p>
              <Link to={href('home', {}, lang, config)}>{t`Retour à l'accueil`}</Link>
            </p>
          </section>
        ) : (
          <section id={PRO_SECTIONS.contact} aria-labelledby="pro-form-title">
            <h2 id="pro-form-title">{t`Contactez notre équipe commerciale`}</h2>
            <ProspectForm
              lang={lang}
              initial={data.refused}
              privacyNote={
                <Trans>
                  Vos coordonnées servent uniquement à traiter votre demande et à vous recontacter.
                  Pour en savoir plus et exercer vos droits, consultez notre{' '}
                  <Link to={privacy}>politique de données personnelles</Link>.
                </Trans>
              }
              onSent={onSent}
            />
          </section>
        )}
      </div>
    );
  },
});
