import { useState } from 'react';
import { AuthCard } from './auth-card.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';

/** The signed-out /manage: the login view, or the forgot-password view it switches to. */
export function LoginScreen({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [view, setView] = useState<'login' | 'forgot'>('login');
  if (view === 'forgot') {
    return (
      <AuthCard
        title="Reset Password"
        intro="Enter the email address of your admin account and we will send you a link to choose a new password."
      >
        <ForgotPasswordForm onBackToLogin={() => setView('login')} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Admin Login" intro="Sign in to manage samples and contact submissions.">
      <LoginForm onForgotPassword={() => setView('forgot')} onLoggedIn={onLoggedIn} />
    </AuthCard>
  );
}
