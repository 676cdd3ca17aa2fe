import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Config, Lang, NatureId } from '../../../shared/contract';
import { natureOfSlug } from './directory-query';

/**
 * An agency link may carry a nature in its hash (`…/agence/x/#location`): once the page runs in
 * the browser, a hash naming another nature than the one shown opens that nature's offers (the
 * nature goes into the query, which the server also understands). The hash is kept.
 */
export function useNatureHash(
  current: NatureId,
  lang: Lang,
  config: Config,
  hrefFor: (nature: NatureId) => string,
): void {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const wanted = natureOfSlug(hash, lang, config);
  const target = wanted && wanted !== current ? hrefFor(wanted) : null;
  useEffect(() => {
    if (target) void navigate(`${target}${hash}`, { replace: true, preventScrollReset: true });
  }, [target, hash, navigate]);
}
