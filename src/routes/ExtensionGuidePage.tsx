import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EXTENSION_ZIP_NAME, EXTENSION_ZIP_PATH } from '../../contract/limits.ts';
import { apiOrigin } from '../api/base-url.ts';
import { MainLandmark } from '../app/SkipLink.tsx';
import { m } from '../paraglide/messages.js';
import '../features/account/account.css';

type Offer = 'checking' | 'offered' | 'not-offered';

/**
 * Whether this CreatorDesk offers the packaged extension (server/http/extension-download.ts), asked
 * with HEAD: the page links the download only when it is there, and otherwise says who has it.
 */
function useExtensionOffer(url: string): Offer {
  const [offer, setOffer] = useState<Offer>('checking');
  useEffect(() => {
    const ctl = new AbortController();
    fetch(url, { method: 'HEAD', cache: 'no-store', signal: ctl.signal })
      .then((r) => setOffer(r.ok ? 'offered' : 'not-offered'))
      .catch(() => {
        if (!ctl.signal.aborted) setOffer('not-offered');
      });
    return () => ctl.abort();
  }, [url]);
  return offer;
}

/** The first install step: the download link in the sentence that says what to do with it. */
function GetTheExtension({ url }: { url: string }) {
  const offer = useExtensionOffer(url);
  if (offer === 'checking') return <>{m.ext_guide_install_checking()}</>;
  if (offer === 'not-offered') return <>{m.ext_guide_install_ask({ file: EXTENSION_ZIP_NAME })}</>;
  // The link sits where the locale's sentence puts it.
  const mark = '\u0000';
  const [before, after] = m.ext_guide_download_step({ link: mark }).split(mark);
  return (
    <>
      {before}
      <a href={url} download={EXTENSION_ZIP_NAME}>
        {m.ext_guide_download({ file: EXTENSION_ZIP_NAME })}
      </a>
      {after}
    </>
  );
}

function Steps({ title, steps }: { title: string; steps: ReactNode[] }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      <ol>
        {steps.map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ol>
    </section>
  );
}

/** /extension (public): what the browser extension does, how to install it and connect it. */
export default function ExtensionGuidePage() {
  const url = `${apiOrigin()}${EXTENSION_ZIP_PATH}`;
  return (
    <MainLandmark className="app-standalone ext-guide">
      <h1>{m.ext_guide_title()}</h1>
      <p>{m.ext_guide_lead()}</p>
      <Steps
        title={m.ext_guide_install_title()}
        steps={[
          <span key="get" aria-live="polite">
            <GetTheExtension url={url} />
          </span>,
          m.ext_guide_install_2(),
          m.ext_guide_install_3(),
        ]}
      />
      <Steps
        title={m.ext_guide_pair_title()}
        steps={[m.ext_guide_pair_1(), m.ext_guide_pair_2(), m.ext_guide_pair_3()]}
      />
      <Steps title={m.ext_guide_privacy_title()} steps={[m.ext_guide_privacy_1(), m.ext_guide_privacy_2()]} />
      <p>
        <Link to="/">{m.app_back_home()}</Link>
      </p>
    </MainLandmark>
  );
}
