/**
 * The public landing page: the two features — outreach by private message
 * through the browser plugin, and targeted invitation plans. Signed out it offers register and
 * login; signed in, a link that opens /home in a new tab, plus the user menu.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { getToken } from '../../api/session.ts';
import { Brand } from '../../app/Brand.tsx';
import { Footer } from '../../app/Footer.tsx';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { MainLandmark } from '../../app/SkipLink.tsx';
import { m } from '../../paraglide/messages.js';
import './landing.css';
import { SignedOutNotice } from './signed-out.tsx';

// Only a signed-in visitor sees the menu; signed out, its code (API client, IndexedDB) stays unloaded.
const UserMenu = lazy(async () => ({ default: (await import('./UserMenu.tsx')).UserMenu }));

const FEATURES = [
  {
    id: 'outreach',
    title: m.landing_outreach_title,
    body: m.landing_outreach_body,
    points: [m.landing_outreach_point_1, m.landing_outreach_point_2, m.landing_outreach_point_3],
  },
  {
    id: 'plans',
    title: m.landing_plans_title,
    body: m.landing_plans_body,
    points: [m.landing_plans_point_1, m.landing_plans_point_2, m.landing_plans_point_3],
  },
] as const;

export function LandingPage() {
  const signedIn = Boolean(getToken());
  return (
    <div className="landing">
      <header className="landing-header">
        <Brand />
        <div className="landing-actions">
          <LanguageSwitch />
          {signedIn ? (
            <>
              <a
                className="cd-button cd-button--primary cd-button--md"
                href="/home"
                target="_blank"
                rel="noopener"
              >
                {m.landing_open_workspace()}
              </a>
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
            </>
          ) : (
            <>
              <Link className="cd-button cd-button--default cd-button--md" to="/login">
                {m.landing_login()}
              </Link>
              <Link className="cd-button cd-button--primary cd-button--md" to="/register">
                {m.landing_register()}
              </Link>
            </>
          )}
        </div>
      </header>
      <MainLandmark>
        {!signedIn && (
          <div className="landing-notice">
            <SignedOutNotice />
          </div>
        )}
        <section className="landing-hero">
          <h1>{m.landing_hero_title()}</h1>
          <p className="landing-hero-lead">{m.landing_hero_lead()}</p>
          {signedIn ? (
            <a
              className="cd-button cd-button--primary cd-button--lg"
              href="/home"
              target="_blank"
              rel="noopener"
            >
              {m.landing_open_workspace()}
            </a>
          ) : (
            <Link className="cd-button cd-button--primary cd-button--lg" to="/register">
              {m.landing_cta()}
            </Link>
          )}
        </section>
        <section className="landing-features">
          {FEATURES.map((f, i) => (
            <article key={f.id} className="landing-feature" data-feature={f.id}>
              <span className="landing-feature-index">{`0${i + 1}`}</span>
              <h2>{f.title()}</h2>
              <p>{f.body()}</p>
              <ul>
                {f.points.map((p, j) => (
                  <li key={j}>{p()}</li>
                ))}
              </ul>
              {f.id === 'outreach' && <Link to="/extension">{m.landing_extension_link()}</Link>}
            </article>
          ))}
        </section>
      </MainLandmark>
      <Footer />
    </div>
  );
}
