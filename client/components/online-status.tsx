import { useLingui } from '@lingui/react/macro';
import { useOnline } from '../hooks/use-online';

/** A notice while the browser is offline (nothing is shown while online). */
export function OnlineStatus() {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <div className="online-status" role="status" data-offline={online ? undefined : true}>
      {online ? null : t`Vous êtes hors ligne : les pages déjà ouvertes restent consultables.`}
    </div>
  );
}
