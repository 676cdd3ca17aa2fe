import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Lang } from '../../../shared/contract';
import { ACTION_HEADER } from '../../../shared/page-actions';
import {
  FEED_UPLOAD_FIELD,
  FeedUploadRefusalSchema,
  feedUploadPath,
  proFeedsPath,
  type FeedUploadAnswer,
} from '../../../shared/pro-feeds';

// The feed upload form. Without JavaScript it is a plain multipart form, relayed by the web app
// to the listings API, whose answer is a redirect to the run's report (or back, saying why the
// upload was refused). With JavaScript the zip itself is sent with XMLHttpRequest, whose upload
// events drive a <progress> bar, and the page then goes where the answer says.

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed'];

/** The answer of the web app to a scripted upload; null when it is not one. */
function answerOf(text: string): FeedUploadAnswer | null {
  try {
    const json = JSON.parse(text) as Partial<{ status: string; runId: string; refused: string }>;
    if (json.status === 'queued' && typeof json.runId === 'string')
      return { status: 'queued', runId: json.runId };
    const refused = FeedUploadRefusalSchema.options.find((r) => r === json.refused);
    if (json.status === 'refused' && refused) return { status: 'refused', refused };
  } catch {
    // Not the web app's answer (a proxy's page): failed.
  }
  return null;
}

export function FeedUploadForm({ lang }: { lang: Lang }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [sent, setSent] = useState<{ loaded: number; total: number } | null>(null);
  const file = useRef<HTMLInputElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const chosen = file.current?.files?.[0];
    // No file chosen: the browser's own check (required) speaks; no XMLHttpRequest: the form posts.
    if (!chosen || typeof XMLHttpRequest === 'undefined') return;
    event.preventDefault();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', feedUploadPath(lang));
    xhr.setRequestHeader(ACTION_HEADER, '1');
    // A zip named .zip may come without a type; anything else goes with its own, and is refused.
    const named = /\.zip$/i.test(chosen.name) ? 'application/zip' : 'application/octet-stream';
    xhr.setRequestHeader(
      'content-type',
      ZIP_TYPES.includes(chosen.type) ? chosen.type : chosen.type || named,
    );
    xhr.upload.onprogress = (e) =>
      setSent({ loaded: e.loaded, total: e.lengthComputable ? e.total : chosen.size });
    const finish = () => {
      const answer = answerOf(xhr.responseText) ?? {
        status: 'refused' as const,
        refused: 'unavailable' as const,
      };
      setSent(null);
      void navigate(proFeedsPath(lang, answer));
    };
    xhr.onload = finish;
    xhr.onerror = finish;
    setSent({ loaded: 0, total: chosen.size });
    xhr.send(chosen);
  }

  const percent = sent && sent.total > 0 ? Math.round((sent.loaded / sent.total) * 100) : 0;
  return (
    <form
      className="pro-feeds__upload"
      method="post"
      action={feedUploadPath(lang)}
      encType="multipart/form-data"
      onSubmit={onSubmit}
    >
      <label htmlFor="feed-file">{t`Archive du flux (.zip : annonces.csv et ses photos)`}</label>
      <input
        ref={file}
        id="feed-file"
        name={FEED_UPLOAD_FIELD}
        type="file"
        accept=".zip,application/zip"
        required
        disabled={sent !== null}
      />
      <button type="submit" className="pro__button" disabled={sent !== null}>
        {t`Envoyer le flux`}
      </button>
      {sent && (
        <p className="pro-feeds__progress" role="status">
          <label htmlFor="feed-progress">{t`Envoi du flux : ${percent} %`}</label>
          <progress id="feed-progress" max={100} value={percent}>
            {percent} %
          </progress>
        </p>
      )}
    </form>
  );
}
