/**
 * `pack:default`: the policy we recommend. One rule per concern, in CEL. Blocking needs strong
 * evidence (credentials leaving, or content flagged malicious steering an action); weaker
 * evidence (untrusted or sensitive data heading out) asks the person. Tuned later against
 * AgentDojo: benign tasks ≤1% blocked and ≤20% escalated, ≥99% of attacks stopped.
 * docs/policy.md explains each rule.
 */
export const DEFAULT_PACK = `# mcp-trust default policy. Every rule reads the facts of docs/policy.md.
rules:
  # --- Credentials never leave -------------------------------------------------------------
  - name: credentials-never-leave
    effect: block
    description: >-
      An argument carries credentials (not typed by the user) to a tool that may store or send
      its input beyond the platform itself.
    when: |
      phase == 'call'
        && intersects(tool.destination, ['user', 'internal', 'public'])
        && args.exists(k, !args[k].endorsed && 'credentials' in args[k].label.sensitivity)
    message: >-
      Blocked {{ tool.name }} on {{ server.name }}: argument(s)
      '{{ args.filter(k, !args[k].endorsed && 'credentials' in args[k].label.sensitivity) }}'
      carry credentials taken from {{ argsLabel.attribution }}, and this tool may store or send
      its input to {{ tool.destination }}. Passwords, keys and codes must not leave the place they
      came from; injected instructions often ask for exactly this.

  # --- Exfiltration ------------------------------------------------------------------------
  - name: sensitive-data-to-public
    effect: escalate
    description: >-
      An argument carries sensitive data (credentials, financial, pii, regulated, private, or
      #711 level medium/high) to a tool whose destination may be public.
    when: |
      phase == 'call'
        && 'public' in tool.destination
        && size(sensitiveArgs(args)) > 0
    message: >-
      {{ tool.name }} on {{ server.name }} may make its input public, and argument(s)
      '{{ sensitiveArgs(args) }}' carry sensitive data ({{ argsLabel.sensitivity }}) taken from
      {{ argsLabel.attribution }}. Confirm that this data should leave: once sent it cannot be
      called back.

  # --- Injection-driven action -------------------------------------------------------------
  - name: untrusted-data-steers-action
    effect: escalate
    description: >-
      An argument value comes from open-world content (web, e-mail, other people's messages),
      not from the user, and the call can change things.
    when: |
      phase == 'call'
        && intersects(tool.outcomes, ['consequential', 'irreversible'])
        && size(untrustedArgs(args)) > 0
    message: >-
      {{ tool.name }} on {{ server.name }} can change things ({{ tool.outcomes }}), and
      argument(s) '{{ untrustedArgs(args) }}' hold values taken from untrusted content
      ({{ argsLabel.attribution }}), not from you. Such content can carry hidden instructions;
      confirm that this is what you asked for.

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
      '{{ args.filter(k, !args[k].endorsed && args[k].label.malicious) }}' hold values taken from
      content flagged as malicious ({{ argsLabel.attribution }}), and the call can change things
      ({{ tool.outcomes }}). This is what a prompt-injection attack looks like.

  # --- Malicious content -------------------------------------------------------------------
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

  # --- The lethal trifecta -----------------------------------------------------------------
  - name: lethal-trifecta
    effect: escalate
    description: >-
      The session holds sensitive data and untrusted content, and the call can send to public;
      skipped when every argument came from the user's own words.
    when: |
      phase == 'call'
        && 'public' in tool.destination
        && session.label.openWorld
        && sensitive(session.label)
        && !args.all(k, args[k].endorsed)
    message: >-
      This conversation holds sensitive data ({{ session.label.sensitivity }}) and untrusted
      content (from {{ session.label.attribution }}), and {{ tool.name }} on {{ server.name }} can
      send to a public destination. Together these let hidden instructions leak private data;
      confirm this call.

  # --- SEP-1984 combinations ---------------------------------------------------------------
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
      '{{ sensitiveArgs(args) }}' carry sensitive data ({{ argsLabel.sensitivity }}). Your
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
