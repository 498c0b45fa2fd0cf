// `import ScrollKitSDL` brings the whole stack: the views (ScrollKit) and the physics (Motion).
@_exported import Motion
@_exported import ScrollKit
@_exported import ScrollKitDamage
