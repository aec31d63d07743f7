import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '../../app/Brand.tsx';
import { LanguageSwitch } from '../../app/LanguageSwitch.tsx';
import { SignedOutNotice } from './signed-out.tsx';
import { MainLandmark } from '../../app/SkipLink.tsx';
import './account.css';

/** The centred card layout of /login and /register, with the language select in its footer. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <MainLandmark className="auth-page">
      <div className="auth-card">
        <Link to="/" className="auth-brand">
          <Brand />
        </Link>
        <h1 className="auth-title">{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        <SignedOutNotice />
        {children}
        <div className="auth-footer">
          <LanguageSwitch />
        </div>
      </div>
    </MainLandmark>
  );
}
