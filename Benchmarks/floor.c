/* floor.c -- the libyaml floor: walk a folder, read every *.yaml / *.yml file
 * (skipping hidden entries, as progress-lint does) and pull every event through
 * libyaml's parser, doing nothing else. Prints files, events and bytes.
 * Build: cc -O2 floor.c -o floor $(pkg-config --cflags --libs yaml-0.1)
 * Usage: floor FOLDER */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

static long files, events, bytes;

static int is_spec(const char *name) {
    size_t n = strlen(name);
    return (n > 5 && strcmp(name + n - 5, ".yaml") == 0) || (n > 4 && strcmp(name + n - 4, ".yml") == 0);
}

static void parse_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st;
    if (fstat(fd, &st) != 0) { close(fd); return; }
    size_t size = (size_t)st.st_size;
    unsigned char *buffer = malloc(size + 1);
    size_t done = 0;
    ssize_t n;
    while (done < size && (n = read(fd, buffer + done, size - done)) > 0) done += (size_t)n;
    close(fd);
    yaml_parser_t parser;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, buffer, done);
    yaml_event_t event;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) break;
        int end = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        events++;
        if (end) break;
    }
    yaml_parser_delete(&parser);
    free(buffer);
    files++;
    bytes += (long)done;
}

static void walk(const char *folder) {
    struct dirent **entries;
    int count = scandir(folder, &entries, NULL, alphasort);
    if (count < 0) return;
    for (int i = 0; i < count; i++) {
        const char *name = entries[i]->d_name;
        if (name[0] != '.') {
            size_t length = strlen(folder) + strlen(name) + 2;
            char *path = malloc(length);
            snprintf(path, length, "%s/%s", folder, name);
            struct stat st;
            if (lstat(path, &st) == 0) {
                if (S_ISDIR(st.st_mode)) walk(path);
                else if (is_spec(name)) parse_file(path);
            }
            free(path);
        }
        free(entries[i]);
    }
    free(entries);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor FOLDER\n"); return 2; }
    walk(argv[1]);
    printf("%ld files, %ld events, %ld bytes\n", files, events, bytes);
    return 0;
}
