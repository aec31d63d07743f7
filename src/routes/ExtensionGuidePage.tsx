import { Link } from 'react-router-dom';
import { MainLandmark } from '../app/SkipLink.tsx';
import { m } from '../paraglide/messages.js';
import '../features/account/account.css';

/** /extension (public): what the browser extension does, how to install it and connect it (issue 24). */
export default function ExtensionGuidePage() {
  const sections = [
    [m.ext_guide_install_title, [m.ext_guide_install_1, m.ext_guide_install_2, m.ext_guide_install_3]],
    [m.ext_guide_pair_title, [m.ext_guide_pair_1, m.ext_guide_pair_2, m.ext_guide_pair_3]],
    [m.ext_guide_privacy_title, [m.ext_guide_privacy_1, m.ext_guide_privacy_2]],
  ] as const;
  return (
    <MainLandmark className="app-standalone ext-guide">
      <h1>{m.ext_guide_title()}</h1>
      <p>{m.ext_guide_lead()}</p>
      {sections.map(([title, steps]) => (
        <section key={title()} aria-label={title()}>
          <h2>{title()}</h2>
          <ol>
            {steps.map((s) => (
              <li key={s()}>{s()}</li>
            ))}
          </ol>
        </section>
      ))}
      <p>
        <Link to="/">{m.app_back_home()}</Link>
      </p>
    </MainLandmark>
  );
}
