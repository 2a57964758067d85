/**
 * Loads the third-party live-chat widget on signed-in pages (spec 1), pre-filled with the user's
 * name, email and phone. Off unless LIVE_CHAT_SCRIPT_URL is configured; a load failure is only logged.
 */
export type ChatVisitor = { firstName: string; lastName: string; email: string; phone: string };

declare global {
  interface Window {
    portalChatVisitor?: ChatVisitor;
  }
}

const SCRIPT_ID = 'portal-live-chat';

export function loadLiveChat(scriptUrl: string | null | undefined, visitor: ChatVisitor, doc: Document = document): void {
  if (!scriptUrl || doc.getElementById(SCRIPT_ID)) return;
  window.portalChatVisitor = visitor;
  const script = doc.createElement('script');
  script.id = SCRIPT_ID;
  script.src = scriptUrl;
  script.async = true;
  script.dataset.firstName = visitor.firstName;
  script.dataset.lastName = visitor.lastName;
  script.dataset.email = visitor.email;
  script.dataset.phone = visitor.phone;
  script.onerror = () => console.warn('Live chat widget failed to load', scriptUrl);
  doc.body.appendChild(script);
}
