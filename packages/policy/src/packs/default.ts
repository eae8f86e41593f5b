/**
 * `pack:default`: the policy we recommend. One rule per concern, in CEL. Blocking needs strong
 * evidence (credentials leaving, or content flagged malicious steering an action); weaker
 * evidence (untrusted or sensitive data heading out) asks the person.
 *
 * Rules read the *role* an operator's overlay gives each argument (`recipient`, `destination`,
 * `selector`, `content`, …): who or where a call goes is judged by where that value came from,
 * what it sends by what data it carries. An argument without a role (a server with no overlay)
 * counts as both, which is the conservative reading.
 *
 * Measured on AgentDojo (docs/evaluation.md); docs/policy.md explains each rule.
 */
export const DEFAULT_PACK = `# mcp-trust default policy. Every rule reads the facts of docs/policy.md.
rules:
  # --- Credentials never leave--------------------
  - name: credentials-never-leave
    effect: block
    description: >-
      What a call sends (content, or the URL it requests) carries credentials not typed by the
      user, to a tool that may store or send its input beyond the platform itself.
    when: |
      phase == 'call'
        && intersects(tool.destination, ['user', 'internal', 'public'])
        && args.exists(k, !args[k].endorsed && !(args[k].role in ['recipient', 'selector'])
             && 'credentials' in args[k].label.sensitivity)
    message: >-
      Blocked {{ tool.name }} on {{ server.name }}: what it would send carries credentials taken
      from {{ attributionOf(args, args.filter(k, !args[k].endorsed && !(args[k].role in ['recipient', 'selector']) && 'credentials' in args[k].label.sensitivity)) }}, and this tool may store or send its input to
      {{ tool.destination }}. Passwords, keys and codes must not leave the place they came from.

  # --- Exfiltration--------------------------------
  - name: sensitive-data-to-public
    effect: escalate
    description: >-
      What a call sends (content, or the URL it requests) carries sensitive data to a tool whose
      destination may be public.
    when: |
      phase == 'call'
        && 'public' in tool.destination
        && args.exists(k, !args[k].endorsed && !(args[k].role in ['recipient', 'selector'])
             && sensitive(args[k].label))
    message: >-
      {{ tool.name }} on {{ server.name }} may make its input public, and what it would send
      carries sensitive data ({{ argsLabel.sensitivity }}) taken from {{ attributionOf(args, args.filter(k, !args[k].endorsed && !(args[k].role in ['recipient', 'selector']) && sensitive(args[k].label))) }}.
      Confirm that this data should leave: once sent it cannot be called back.

  - name: untrusted-content-to-public
    effect: block
    description: >-
      SEP-1913's "block open-world data to public destinations", at the level of values: text taken
      from open-world content would be published by a call whose destination is certainly public
      (declared or resolved to nothing else). Unknown destinations are left to the escalating rules.
    when: |
      phase == 'call'
        && tool.destination == ['public']
        && args.exists(k, !args[k].endorsed && !(args[k].role in ['recipient', 'destination', 'selector'])
             && args[k].label.openWorld)
    message: >-
      Blocked {{ tool.name }} on {{ server.name }}: it would publish text taken from untrusted content
      ({{ attributionOf(args, args.filter(k, !args[k].endorsed && !(args[k].role in ['recipient', 'destination', 'selector']) && args[k].label.openWorld)) }})
      to a public destination. Untrusted content can carry hidden instructions and must not go
      out unchecked; if you mean to share it, send it yourself.

  # --- Injection-driven action----------------------------
  - name: untrusted-recipient
    effect: escalate
    description: >-
      Who or where a call acts on or sends to (a recipient, a destination URL or channel) was taken
      from open-world content, not from the user, and the call may act or send out.
    when: |
      phase == 'call'
        && (intersects(tool.outcomes, ['consequential', 'irreversible']) || 'public' in tool.destination)
        && args.exists(k, !args[k].endorsed && args[k].role in ['recipient', 'destination', '']
             && args[k].label.openWorld)
    message: >-
      {{ tool.name }} on {{ server.name }} would act on or send to a recipient or destination
      taken from untrusted content ({{ attributionOf(args, args.filter(k, !args[k].endorsed && args[k].role in ['recipient', 'destination', ''] && args[k].label.openWorld)) }}), not from you. Injected
      instructions work exactly this way; confirm the recipient.

  - name: untrusted-selector-irreversible
    effect: escalate
    description: >-
      Which item a destructive call that cannot be undone removes (delete, cancel) was taken from
      open-world content, not from the user.
    when: |
      phase == 'call'
        && 'irreversible' in tool.outcomes
        && tool.hints.destructiveHint
        && args.exists(k, !args[k].endorsed && args[k].role == 'selector' && args[k].label.openWorld)
    message: >-
      {{ tool.name }} on {{ server.name }} cannot be undone, and the item it acts on was picked
      from untrusted content ({{ attributionOf(args, args.filter(k, !args[k].endorsed && args[k].role == 'selector' && args[k].label.openWorld)) }}). Confirm that this is the one you mean.

  - name: untrusted-content-relayed
    effect: escalate
    description: >-
      Text taken from open-world content is sent on to other people (internal or public) by a
      call that cannot be undone: how phishing links and injected requests get relayed.
    when: |
      phase == 'call'
        && 'irreversible' in tool.outcomes
        && intersects(tool.destination, ['internal', 'public'])
        && args.exists(k, !args[k].endorsed && !(args[k].role in ['recipient', 'destination', 'selector'])
             && args[k].label.openWorld)
    message: >-
      {{ tool.name }} on {{ server.name }} would send text taken from untrusted content
      ({{ attributionOf(args, args.filter(k, !args[k].endorsed && !(args[k].role in ['recipient', 'destination', 'selector']) && args[k].label.openWorld)) }}) on to other people, and it cannot be called back. Confirm that
      you want to pass it on.

  - name: malicious-data-steers-action
    effect: block
    description: >-
      An argument value comes from content flagged as malicious, and the call can change things.
    when: |
      phase == 'call'
        && intersects(tool.outcomes, ['consequential', 'irreversible'])
        && args.exists(k, !args[k].endorsed && args[k].label.malicious)
    message: >-
      Blocked {{ tool.name }} on {{ server.name }}: argument(s)
      {{ args.filter(k, !args[k].endorsed && args[k].label.malicious) }} hold values taken from
      content flagged as malicious ({{ attributionOf(args, args.filter(k, !args[k].endorsed && args[k].label.malicious)) }}), and the call can change things
      ({{ tool.outcomes }}). This is what a prompt-injection attack looks like.

  # --- Session-level: outward actions the user did not direct
  - name: outward-action-not-user-directed
    effect: escalate
    description: >-
      The session has read open-world content, and a call that acts and may send out (public)
      goes to a recipient or destination that is neither in the user's words nor in the user's
      own data (an address-book entry).
    when: |
      phase == 'call'
        && session.label.openWorld
        && 'public' in tool.destination
        && intersects(tool.outcomes, ['consequential', 'irreversible'])
        && args.exists(k, !args[k].endorsed && args[k].role in ['recipient', 'destination']
             && (args[k].label.openWorld || !('user' in args[k].label.sources)))
    message: >-
      This conversation contains untrusted content (from {{ session.label.attribution }}), and
      {{ tool.name }} on {{ server.name }} would act towards a recipient you did not name. Hidden
      instructions can choose recipients without copying them from anywhere; confirm this one.

  - name: credential-change-not-user-given
    effect: escalate
    description: >-
      A tool that takes credentials would set one the user did not give, in a session that has
      read open-world content.
    when: |
      phase == 'call'
        && session.label.openWorld
        && 'credentials' in tool.inputSensitivity
        && intersects(tool.outcomes, ['consequential', 'irreversible'])
        && !args.all(k, args[k].endorsed)
    message: >-
      {{ tool.name }} on {{ server.name }} would set a credential to a value you did not give,
      after untrusted content (from {{ session.label.attribution }}) entered the conversation.
      Confirm the change.

  # --- Malicious content---------------------------------------------------------
  - name: malicious-result
    effect: escalate
    description: A result was flagged as possibly malicious.
    when: phase == 'result' && response.label.malicious
    message: >-
      The result of {{ tool.name }} on {{ server.name }} was flagged as possibly malicious
      (from {{ response.label.attribution }}). It may hold a prompt-injection attempt; review it
      before the assistant acts on it.

  - name: action-after-malicious-content
    effect: escalate
    description: The session has seen malicious content, and the call can change things.
    when: |
      phase == 'call'
        && session.label.malicious
        && intersects(tool.outcomes, ['consequential', 'irreversible'])
    message: >-
      This conversation contains content flagged as malicious (from
      {{ session.label.attribution }}), and {{ tool.name }} on {{ server.name }} can change things
      ({{ tool.outcomes }}). Confirm that the action is yours and not the content's.

  # --- SEP-1984 combinations-----------------------------------------------------
  - name: sensitive-privileged-tool
    effect: escalate
    description: The tool both handles sensitive data and needs elevated privileges (SEP-1984 high risk).
    when: phase == 'call' && tool.hints.sensitiveDataHint && tool.hints.privilegedAccessHint
    message: >-
      {{ tool.name }} on {{ server.name }} handles sensitive data and needs elevated privileges,
      which SEP-1984 counts as high risk. Confirm that you want it to run.

  - name: ai-processing-of-sensitive-data
    effect: warn
    description: Sensitive data is handed to a tool that runs AI processing on it.
    when: phase == 'call' && tool.hints.aiProcessingHint && size(sensitiveArgs(args)) > 0
    message: >-
      {{ tool.name }} on {{ server.name }} runs AI processing, and argument(s)
      {{ sensitiveArgs(args) }} carry sensitive data ({{ argsLabel.sensitivity }}). Your
      organisation's AI and data-protection rules may apply.

  - name: privileged-write
    effect: escalate
    description: A tool that needs elevated privileges and is not read-only.
    when: |
      phase == 'call'
        && tool.hints.privilegedAccessHint
        && !tool.hints.sensitiveDataHint
        && !tool.hints.readOnlyHint
    message: >-
      {{ tool.name }} on {{ server.name }} needs elevated privileges and may change the system.
      Confirm that you want it to run.
`;
