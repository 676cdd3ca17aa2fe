import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { FORM_FIELD } from '../../shared/page-actions';
import { defineScreen } from '../app/screen';
import {
  PRO_CACHE,
  PRO_INVITE_FORM,
  PRO_REMOVE_FORM,
  proHead,
  proTeamOutcome,
  requireProUser,
} from '../components/pro/session';
import { ProShell } from '../components/pro/shell';

// The agency's team (/fr/espace-pro/equipe/, /en/pro/team/): its users; an owner invites one by
// address (a sign-in link is mailed to it) and removes one (./pro-team.server.ts).

export default defineScreen({
  async loader(args) {
    const me = await requireProUser(args);
    const team = await args.api.get('proTeam', {}, { signal: args.request.signal });
    return { me, team, outcome: proTeamOutcome(args.posted) };
  },
  cache: PRO_CACHE,
  status: (data) =>
    data.outcome?.status === 'invalid' ? 400 : data.outcome?.status === 'taken' ? 409 : 200,
  head: ({ i18n }) => proHead(i18n._(msg`Équipe`)),
  Component: function ProTeam({ data, config, lang }) {
    const { t } = useLingui();
    const { me, team, outcome } = data;
    const owner = me.user.role === 'owner';
    return (
      <ProShell me={me} current="proTeam" lang={lang} config={config} title={t`Équipe`}>
        {outcome?.status === 'invited' && (
          <p role="status" className="pro-notice">
            {t`Invitation envoyée à ${outcome.email ?? ''} : un lien de connexion lui a été adressé.`}
          </p>
        )}
        <table className="pro-table">
          <caption>{t`Utilisateurs de l'agence`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Adresse e-mail`}</th>
              <th scope="col">{t`Rôle`}</th>
              {owner && <th scope="col">{t`Action`}</th>}
            </tr>
          </thead>
          <tbody>
            {team.items.map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>{user.role === 'owner' ? t`Responsable` : t`Membre`}</td>
                {owner && (
                  <td>
                    {user.id !== me.user.id && (
                      <form method="post">
                        <input type="hidden" name={FORM_FIELD} value={PRO_REMOVE_FORM} />
                        <input type="hidden" name="id" value={user.id} />
                        <button type="submit" className="pro__button pro__button--quiet">
                          {t`Retirer ${user.email}`}
                        </button>
                      </form>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {owner && (
          <form method="post" className="pro-form" noValidate>
            <h2>{t`Inviter un utilisateur`}</h2>
            <input type="hidden" name={FORM_FIELD} value={PRO_INVITE_FORM} />
            <input type="hidden" name="lang" value={lang} />
            <label htmlFor="invite-email">{t`Adresse e-mail`}</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={outcome?.status !== 'invited' ? (outcome?.email ?? '') : ''}
              aria-invalid={
                outcome?.status === 'invalid' || outcome?.status === 'taken' ? true : undefined
              }
              aria-describedby={
                outcome?.status === 'invalid' || outcome?.status === 'taken'
                  ? 'invite-email-error'
                  : undefined
              }
            />
            {(outcome?.status === 'invalid' || outcome?.status === 'taken') && (
              <p id="invite-email-error" className="pro-form__error">
                {outcome.status === 'taken'
                  ? t`Cette adresse est déjà celle d'un utilisateur d'une autre agence.`
                  : t`Saisissez une adresse e-mail valide.`}
              </p>
            )}
            <fieldset>
              <legend>{t`Rôle`}</legend>
              <label>
                <input type="radio" name="role" value="member" defaultChecked /> {t`Membre`}
              </label>
              <label>
                <input type="radio" name="role" value="owner" /> {t`Responsable (gère l'équipe)`}
              </label>
            </fieldset>
            <button type="submit" className="pro__button">
              {t`Envoyer l'invitation`}
            </button>
          </form>
        )}
      </ProShell>
    );
  },
});
