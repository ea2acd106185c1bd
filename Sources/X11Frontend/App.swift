public enum X11Frontend {}
